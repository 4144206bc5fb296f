import LedgerVault
import Testing

@testable import LedgerCommands

/// Issue 28, item 9: a sync that moves a few hundred bytes shows no progress line; one still
/// going after a second shows it to its end, as git does.
@Suite("Transfer progress only for slow transfers")
struct ProgressLineTests {
    final class Box: @unchecked Sendable {
        var now: UInt64 = 0
        var written: [String] = []
    }

    func progress(_ objects: Int, of total: Int) -> SyncProgress {
        SyncProgress(phase: .receiving, objects: objects, totalObjects: total, bytes: objects * 300)
    }

    @Test("a transfer done within the delay prints nothing")
    func quick() {
        let box = Box()
        let report = ProgressLine.lines(startedAt: 0, now: { box.now }, write: { box.written.append($0) })
        box.now = 200_000_000
        report(progress(1, of: 3))
        report(progress(3, of: 3))
        #expect(box.written.isEmpty)
    }

    @Test("a slow transfer shows its progress from the delay on, and ends the line")
    func slow() {
        let box = Box()
        let report = ProgressLine.lines(startedAt: 0, now: { box.now }, write: { box.written.append($0) })
        report(progress(1, of: 4))
        box.now = ProgressLine.delayNanos
        report(progress(2, of: 4))
        report(progress(2, of: 4))  // the same percentage: not again
        report(progress(4, of: 4))
        #expect(box.written.count == 2, "\(box.written)")
        #expect(box.written.first?.contains("Receiving objects: 50% (2/4)") == true)
        #expect(box.written.last?.hasSuffix("\n") == true)
    }
}
