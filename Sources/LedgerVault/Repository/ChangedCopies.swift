import LedgerCore
internal import LedgerGit

/// Telling alog's own line from a changed copy of it.
///
/// An event id is written once, by alog, in one line. A line of another writer that carries the
/// same id with other bytes (a phone's editor turned `meal` into `sleep`) is a changed copy;
/// the line that was in the file first is alog's own. The removal checks (`verify`, the
/// incremental `noticeRemovals`, what `repair` writes back) count a removed line as lost only
/// when it is not a changed copy of a line the branch still holds: a revert that takes the copy
/// out and puts alog's bytes back restores the ledger, it does not remove from it.
///
/// Which line came first is read from history: walking back from a commit that holds the
/// removed line, the commits where a version of the event first appears in the file hold
/// alog's original. The walk runs only when a removed line's id is still in the file with other
/// bytes (rare: an outside edit of an event line), and visits the commits whose file exists.
extension VaultRepository {
    /// `removed` (by file), without the lines that are changed copies of a line with the same
    /// event id that `keptTree`'s file still holds. `holders` are the commits whose trees held
    /// the removed lines (the parents of the commit that removed them, or the commit the branch
    /// was on before it moved back).
    func droppingChangedCopies(
        _ removed: [(path: String, lines: [[UInt8]])], heldAt holders: [ObjectID], keptTree: ObjectID
    ) throws -> [(path: String, lines: [[UInt8]])] {
        var walk = LineHistory(repository: try repository)
        var result: [(path: String, lines: [[UInt8]])] = []
        for (path, lines) in removed {
            var kept: [EventID: [[UInt8]]]?
            let lost = try lines.filter { line in
                guard let id = VaultRepair.eventID(line) else { return true }
                if kept == nil {
                    kept = [:]
                    for other in try fileLines(path, in: keptTree) {
                        if let otherID = VaultRepair.eventID(other) { kept![otherID, default: []].append(other) }
                    }
                }
                let originals = kept![id, default: []].filter { $0 != line }
                guard !originals.isEmpty else { return true }
                return try !walk.isChangedCopy(line, of: originals, path: path, heldAt: holders)
            }
            if !lost.isEmpty { result.append((path, lost)) }
        }
        return result
    }
}

/// A walk back through the versions of one file, with the lines of each blob read once.
struct LineHistory {
    let repository: Repository
    private var blobLines: [ObjectID: Set<[UInt8]>] = [:]

    init(repository: Repository) { self.repository = repository }

    /// True when one of `originals` (lines with `line`'s event id) was in the file at `path`
    /// before `line`: walking back through the history of `holders` (while the file exists),
    /// every place where a version of the event first appears holds an original, none holds
    /// `line`. A history where both first appear apart (two branches) tells nothing: false.
    mutating func isChangedCopy(_ line: [UInt8], of originals: [[UInt8]], path: String, heldAt holders: [ObjectID])
        throws -> Bool
    {
        var seen = Set(holders)
        var stack = holders
        var copy = false
        while let id = stack.popLast() {
            guard let lines = try lines(path, at: id) else { continue }
            let holdsLine = lines.contains(line)
            let holdsOriginal = originals.contains(where: lines.contains)
            guard holdsLine || holdsOriginal else { continue }
            var earlier = false
            for parent in try repository.commit(id).parents {
                if let before = try self.lines(path, at: parent),
                    before.contains(line) || originals.contains(where: before.contains)
                {
                    earlier = true
                }
                if seen.insert(parent).inserted { stack.append(parent) }
            }
            // A first appearance of the event in this history.
            if !earlier {
                if holdsLine { return false }
                copy = true
            }
        }
        return copy
    }

    /// The lines of the file at `path` in `commit`'s tree; nil when there is no such file.
    private mutating func lines(_ path: String, at commit: ObjectID) throws -> Set<[UInt8]>? {
        guard let entry = try repository.treeEntry(atPath: path, in: try repository.commit(commit).tree),
            entry.kind == .blob
        else { return nil }
        if let known = blobLines[entry.id] { return known }
        let lines = Set(VaultRepository.lines(try repository.readBlob(entry.id)))
        blobLines[entry.id] = lines
        return lines
    }
}
