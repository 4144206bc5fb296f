import Foundation
import LedgerCore
import LedgerVault
import TestSupport
import Testing

@Suite("Projections after a sync", .serialized)
struct SummaryRefreshTests {
    @Test("received logs advance the summary; a received delete falls back to the full state")
    func summaryFollowsTheVault() throws {
        let dir = TemporaryDirectory()
        let remote = try makeBareRemote(dir)
        let (laptop, _) = try Vault.initialize(at: dir.sub("laptop"))
        try laptop.addRemote(name: "origin", url: remote)
        let breakfast = try laptop.log(type: "meal", at: at("2024-03-01T08:00:00Z"), note: nil).events[0]
        let lunch = try laptop.log(type: "meal", at: at("2024-03-01T12:00:00Z"), note: nil).events[0]
        _ = try laptop.syncing.sync()
        let (desktop, _) = try Vault.clone(url: remote, into: dir.sub("desktop"))
        #expect(try desktop.summary().latest["meal"]?.id == lunch.id)

        // A delete arriving from another device: the latest meal becomes the earlier one.
        _ = try desktop.delete(lunch.id.description)
        _ = try desktop.syncing.sync()
        _ = try laptop.syncing.sync()
        #expect(try laptop.summary().latest["meal"]?.id == breakfast.id)

        // New logs from another device: folded straight into the summary.
        let dinner = try desktop.log(type: "meal", at: at("2024-03-01T19:00:00Z"), note: nil).events[0]
        _ = try desktop.defineType(ActivityTypeDefinition(name: "reading", icon: "📖"))
        _ = try desktop.log(type: "reading", at: at("2024-03-01T21:00:00Z"), note: nil)
        _ = try desktop.syncing.sync()
        _ = try laptop.syncing.sync()
        let summary = try laptop.summary()
        #expect(summary.latest["meal"]?.id == dinner.id)
        #expect(summary.type(named: "reading")?.icon == "📖")
        #expect(summary.lastKnownActivities.keys.sorted() == ["meal", "reading"])
        // And it matches a fold of every event from scratch.
        _ = try laptop.rebuild()
        #expect(try laptop.summary() == summary)
    }
}
