import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The work of one scan, shared by its threads: folders still to list and notes still to
/// read. Folders go first (they make more work); notes are handed out in small batches, so
/// threads share a folder of many notes. The scan is over when nothing is left and no thread
/// is listing a folder (which could add more).
final class ScanQueue: Sendable {
    enum Work {
        case folder(String)
        case notes(ArraySlice<String>)
    }

    private struct State {
        var folders = [""]
        var notes: [String] = []
        var nextNote = 0
        var busy = 0
    }

    private static let batch = 32
    private let state = Locked(State())

    /// The next piece of work, or nil when the scan is over. Waits (yielding the processor)
    /// while other threads list folders and nothing else is left.
    func next() -> Work? {
        while true {
            let work: Work?? = state.withLock { state in
                if let folder = state.folders.popLast() {
                    state.busy += 1
                    return .folder(folder)
                }
                if state.nextNote < state.notes.count {
                    let end = min(state.nextNote + Self.batch, state.notes.count)
                    defer { state.nextNote = end }
                    return .notes(state.notes[state.nextNote..<end])
                }
                return state.busy == 0 ? .some(nil) : nil
            }
            if let work { return work }
            sched_yield()
        }
    }

    /// Adds what listing a folder found; the folder handed out by `next` is done.
    func listed(_ listing: VaultWalk.Listing) {
        state.withLock { state in
            state.busy -= 1
            state.folders += listing.folders
            if state.nextNote == state.notes.count {
                state.notes.removeAll(keepingCapacity: true)
                state.nextNote = 0
            }
            state.notes += listing.notes
        }
    }
}
