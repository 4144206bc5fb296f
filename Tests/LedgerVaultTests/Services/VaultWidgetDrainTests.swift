import LedgerCore
import LedgerVault
import LedgerWidget
import TestSupport
import Testing

/// `VaultWidgetDrain` (`vault.widgetDrain`): the widget's queued taps become events exactly once,
/// and what cannot be committed stays queued with its reason.
@Suite("VaultWidgetDrain: queued taps committed once")
struct VaultWidgetDrainTests {
    @Test("taps drain into one commit; a second drain commits nothing; an unknown type stays queued")
    func drainOnce() throws {
        let dir = TemporaryDirectory()
        let (vault, _) = try Vault.initialize(at: dir.path)
        try vault.ensureWidgetCache()
        let store = vault.widgetStore
        _ = try store.tap(type: "meal", at: at("2024-03-01T08:00:00Z"))
        _ = try store.tap(type: "wake", at: at("2024-03-01T07:00:00Z"))
        _ = try store.tap(type: "exercise", at: at("2024-03-01T09:00:00Z"))
        // Removed on this device after the tap was queued: the tap cannot be committed as it is.
        _ = try vault.removeType("exercise")
        let before = try git("rev-list", "--count", "HEAD", in: dir.path).stdout

        let drained = try #require(try vault.widgetDrain.drainWidgetQueue())
        #expect(drained.committed == 2 && drained.failures.count == 1)
        let after = try git("rev-list", "--count", "HEAD", in: dir.path).stdout
        #expect(Int(after.filter(\.isNumber))! == Int(before.filter(\.isNumber))! + 1)
        #expect(try vault.summary().lastKnownActivities["meal"] == at("2024-03-01T08:00:00Z").seconds)

        // What was committed is not committed again; the refused tap is still queued, with why.
        let again = try vault.widgetDrain.drainWidgetQueue()
        #expect(again?.committed ?? 0 == 0)
        #expect(again?.failures.first?.reason.contains("exercise") == true)
        #expect(store.snapshot().queue.elements.count == 1)
        #expect(try git("rev-list", "--count", "HEAD", in: dir.path).stdout == after)
        #expect(try vault.state().entryCounts.live == 2)
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
        #expect(try git("status", "--porcelain", in: dir.path).stdout.isEmpty)
    }
}
