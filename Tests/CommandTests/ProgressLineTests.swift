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

    @Test("an import's stages: nothing at first, then a bar per stage, an uncounted one alone, cleared at the end")
    func stages() {
        let box = Box()
        let progress = StageProgress(startedAt: 0, now: { box.now }, write: { box.written.append($0) })
        progress.update("Reading timewarrior data", done: 0, total: 2)
        progress.finish()
        #expect(box.written.isEmpty, "a quick import prints nothing")
        let slow = StageProgress(startedAt: 0, now: { box.now }, write: { box.written.append($0) })
        box.now = ProgressLine.delayNanos
        slow.update("Writing events", done: 50, total: 200)
        slow.update("Writing events", done: 50, total: 200)  // unchanged: not again
        slow.update("Writing events", done: 200, total: 200)
        slow.update("Committing and updating the caches", done: 0, total: 0)
        slow.finish()
        #expect(
            box.written == [
                "\rWriting events: [#####               ] 25% (50/200)\u{1B}[K",
                "\rWriting events: [####################] 100% (200/200)\u{1B}[K",
                "\rCommitting and updating the caches…\u{1B}[K", "\r\u{1B}[K",
            ])
    }
}
