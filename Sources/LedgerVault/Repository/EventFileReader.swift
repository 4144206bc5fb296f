public import LedgerCore
import LedgerGit
internal import LedgerSystem

/// Reads event lines out of the ledger's files in a commit tree.
struct EventFileReader {
    let repository: Repository

    /// Splits `buffer` into lines and decodes each; empty lines are ignored, damaged ones
    /// reported with their 1-based line number (counted from `firstLine`).
    static func decodeLines(
        _ buffer: UnsafeRawBufferPointer, path: String, firstLine: Int = 1, event: (Event, Int) -> Void,
        issue: (LineIssue) -> Void
    ) {
        var start = 0
        var line = firstLine
        let count = buffer.count
        var memo = EventLine.Memo()
        while start < count {
            var end = start
            while end < count, buffer[end] != 10 { end += 1 }
            var last = end
            if last > start, buffer[last - 1] == 13 { last -= 1 }
            if last > start {
                let slice = UnsafeRawBufferPointer(rebasing: buffer[start..<last])
                switch EventLine.decode(slice, memo: &memo) {
                case .success(let decoded): event(decoded, line)
                case .failure(let error):
                    issue(
                        LineIssue(
                            path: path, line: line, reason: error.reason, isFromNewerVersion: error.isFromNewerVersion))
                }
            }
            line += 1
            start = end + 1
        }
    }

    /// Every event file below `.alog/events` in `tree`, with its blob id.
    func eventFiles(in tree: ObjectID) throws -> [(path: String, blob: ObjectID)] {
        guard let events = try repository.treeEntry(atPath: VaultLayout.eventsFolder, in: tree),
            events.kind == .tree
        else { return [] }
        var files: [(String, ObjectID)] = []
        func walk(_ tree: ObjectID, _ prefix: String) throws {
            for entry in try repository.treeEntries(tree) {
                let path = prefix + "/" + entry.name
                if entry.kind == .tree {
                    try walk(entry.id, path)
                } else if entry.kind == .blob, path.hasSuffix(".jsonl") {
                    files.append((path, entry.id))
                }
            }
        }
        try walk(events.id, VaultLayout.eventsFolder)
        return files
    }

    /// Decodes every event in `tree`.
    func forEachEvent(in tree: ObjectID, event: (Event, String, Int) -> Void, issue: (LineIssue) -> Void) throws {
        try forEachEvent(in: try eventFiles(in: tree), event: event, issue: issue)
    }

    /// Decodes every event in the given files.
    func forEachEvent(
        in files: [(path: String, blob: ObjectID)], event: (Event, String, Int) -> Void, issue: (LineIssue) -> Void
    ) throws {
        for (path, blob) in files {
            try repository.withBlob(blob) { buffer in
                Self.decodeLines(buffer, path: path, event: { event($0, path, $1) }, issue: issue)
            }
        }
    }

    /// Folds the events of the files `runs` hands out (several threads may share `runs`, each
    /// with a reader of its own) into a new state, with the damaged lines met. The state's tables
    /// are sized for about `expectedShare` of all the files.
    func fold(
        _ files: [(path: String, blob: ObjectID)], runs: WorkRuns, expectedShare: Double = 1
    ) throws -> (LedgerState, [LineIssue]) {
        var state = LedgerState()
        var issues: [LineIssue] = []
        // Once a sixteenth of the files is read, size the tables for the rest (growing them
        // step by step rehashes every entry several times).
        let probe = max(4, files.count / 16)
        var read = 0
        while let run = runs.take() {
            for (path, blob) in files[run] {
                if read == probe {
                    let expected = Double(state.eventCount) * Double(files.count) * expectedShare / Double(probe) * 1.1
                    state.reserveCapacity(events: Int(expected) - state.eventCount)
                }
                read += 1
                try repository.withBlob(blob) { buffer in
                    Self.decodeLines(
                        buffer, path: path, event: { event, _ in state.apply(event) }, issue: { issues.append($0) })
                }
            }
        }
        return (state, issues)
    }

    /// What changed in the event files between two trees.
    enum Delta {
        /// Only new lines: these events (with file and line).
        case appended
        /// A line was changed or removed, or a file deleted: an append-only log must not do
        /// that, so an incremental fold is not possible.
        case rewritten(path: String, detail: String)
    }

    /// Calls `event` for every event line present in `new` but not in `old`.
    func forEachNewEvent(
        from old: ObjectID?, to new: ObjectID, event: (Event, String, Int) -> Void, issue: (LineIssue) -> Void
    ) throws -> Delta {
        let changes = try repository.diffTrees(old, new, paths: [VaultLayout.eventsFolder])
        for change in changes where change.path.hasSuffix(".jsonl") {
            switch change.status {
            case .deleted, .other:
                return .rewritten(path: change.path, detail: "file removed")
            case .added:
                try repository.withBlob(change.newID!) { buffer in
                    Self.decodeLines(buffer, path: change.path, event: { event($0, change.path, $1) }, issue: issue)
                }
            case .modified:
                let oldBytes = try repository.readBlob(change.oldID!)
                let outcome: Delta? = try repository.withBlob(change.newID!) { buffer in
                    if EventLines.isAppend(of: oldBytes, in: buffer) {
                        let skipped = EventLines.lineCount(oldBytes)
                        let suffix = UnsafeRawBufferPointer(rebasing: buffer[oldBytes.count...])
                        Self.decodeLines(
                            suffix, path: change.path, firstLine: skipped + 1, event: { event($0, change.path, $1) },
                            issue: issue)
                        return nil
                    }
                    // Not a pure append (e.g. a union merge interleaved lines): compare as sets.
                    let oldLines = Set(oldBytes.split(separator: 10, omittingEmptySubsequences: true).map(Array.init))
                    var newLines: Set<[UInt8]> = []
                    var lineNumber = 0
                    for line in buffer.split(separator: 10, omittingEmptySubsequences: false) {
                        lineNumber += 1
                        let bytes = Array(line)
                        guard !bytes.isEmpty else { continue }
                        newLines.insert(bytes)
                        if !oldLines.contains(bytes) {
                            bytes.withUnsafeBytes {
                                Self.decodeLines(
                                    $0, path: change.path, firstLine: lineNumber, event: { event($0, change.path, $1) },
                                    issue: issue)
                            }
                        }
                    }
                    if let missing = oldLines.first(where: { !newLines.contains($0) }) {
                        return .rewritten(
                            path: change.path,
                            detail: "line removed or changed: \(String(decoding: missing.prefix(80), as: UTF8.self))")
                    }
                    return nil
                }
                if let outcome { return outcome }
            }
        }
        return .appended
    }
}

extension Vault {
    /// The content of an event file read as every fold reads it: the events with their 1-based
    /// line numbers, and the damaged lines. For the fuzzing harness (`LedgerFuzzing`) and tests.
    public static func decodeEventFile(_ bytes: [UInt8], path: String) -> (events: [(Event, Int)], issues: [LineIssue])
    {
        var events: [(Event, Int)] = []
        var issues: [LineIssue] = []
        bytes.withUnsafeBytes { buffer in
            EventFileReader.decodeLines(
                buffer, path: path, event: { events.append(($0, $1)) }, issue: { issues.append($0) })
        }
        return (events, issues)
    }
}
