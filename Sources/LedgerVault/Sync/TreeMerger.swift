import LedgerGit

/// Builds the tree of a merge commit in memory, by the rules in docs/sync.md:
///
/// - a path only one side changed takes that side's version (including a deletion);
/// - event files changed on both sides become the union of their lines, one line per event id;
/// - other ledger files changed on both sides take the remote's version;
/// - user files changed on both sides are merged line by line; where both changed the same
///   lines (or the file is binary), the remote's version stays at the path and the local one
///   is kept next to it as a conflict copy; a delete on one side loses to an edit on the other.
///
/// Only the paths either side changed are visited, so the cost grows with the change.
struct TreeMerger {
    let repository: Repository
    /// Names conflict copies: `<name> (conflict <device> <YYYY-MM-DD HHmm>).<ext>`.
    let copySuffix: String

    struct Outcome {
        var tree: ObjectID
        var notesMerged: [String] = []
        var conflictCopies: [SyncOutcome.ConflictCopy] = []
        var editsKeptOverDeletes: [String] = []
    }

    /// Merges the trees of both sides; `incoming` is the diff from `baseTree` to `theirsTree`
    /// (already computed, and vetted, by the caller).
    func merge(baseTree: ObjectID?, oursTree: ObjectID, theirsTree: ObjectID, incoming: [TreeChange]) throws
        -> Outcome
    {
        var mine: [String: TreeChange] = [:]
        for change in try repository.diffTrees(baseTree, oursTree) { mine[change.path] = change }

        var outcome = Outcome(tree: oursTree)
        var edits: [TreeEdit] = []
        var taken = Set<String>()
        func set(_ path: String, _ id: ObjectID?, _ mode: UInt32) {
            edits.append(TreeEdit(path: path.split(separator: "/").map(String.init), id: id, fileMode: mode))
            taken.insert(path)
        }
        func keepCopy(of path: String, id: ObjectID, mode: UInt32, reason: String) throws {
            let copy = try freeCopyName(for: path, in: [oursTree, theirsTree], taken: taken)
            set(copy, id, mode)
            outcome.conflictCopies.append(SyncOutcome.ConflictCopy(path: path, copy: copy, reason: reason))
        }

        for change in incoming {
            let path = change.path
            guard let local = mine[path] else {
                // Only the remote changed it. Never let a file replace a folder of ours (or the
                // other way round) silently: the loser is kept as a conflict copy.
                if let id = change.newID, let existing = try repository.treeEntry(atPath: path, in: oursTree),
                    existing.kind == .tree
                {
                    try keepCopy(of: path, id: id, mode: change.newMode, reason: "a folder of this name exists here")
                    continue
                }
                if change.newID != nil, let blocking = try fileBlocking(path, in: oursTree) {
                    try keepCopy(
                        of: blocking.path, id: blocking.entry.id, mode: blocking.entry.fileMode,
                        reason: "the remote made it a folder")
                    set(blocking.path, nil, 0)
                }
                set(path, change.newID, change.newMode)
                continue
            }
            if local.newID == change.newID && local.newMode == change.newMode { continue }

            if VaultLayout.isEventFile(path) {
                let ours = try local.newID.map { try repository.readBlob($0) } ?? []
                let theirs = try change.newID.map { try repository.readBlob($0) } ?? []
                set(path, try repository.writeBlob(EventLines.union(ours: ours, theirs: theirs)), fileModeBlob)
                continue
            }
            if VaultLayout.isLedgerPath(path) {
                set(path, change.newID, change.newMode)
                continue
            }
            switch (local.newID, change.newID) {
            case (nil, nil):
                continue
            case (nil, let theirs?):
                outcome.editsKeptOverDeletes.append(path)
                set(path, theirs, change.newMode)
            case (_?, nil):
                // Deleted there, edited here: our version stays where it is.
                outcome.editsKeptOverDeletes.append(path)
            case (let ours?, let theirs?):
                let oursBytes = try repository.readBlob(ours)
                let theirsBytes = try repository.readBlob(theirs)
                let baseBytes = try local.oldID.map { try repository.readBlob($0) }
                let textual =
                    local.newMode != fileModeSymlink && change.newMode != fileModeSymlink
                    && ![oursBytes, theirsBytes, baseBytes ?? []].contains(where: Self.isBinary)
                if textual {
                    let merged = try mergeFileContents(ancestor: baseBytes, ours: oursBytes, theirs: theirsBytes)
                    if merged.automergeable {
                        set(path, try repository.writeBlob(merged.content), change.newMode)
                        outcome.notesMerged.append(path)
                        continue
                    }
                }
                set(path, theirs, change.newMode)
                try keepCopy(
                    of: path, id: ours, mode: local.newMode,
                    reason: textual ? "both sides changed the same lines" : "a binary file changed on both sides")
            }
        }
        outcome.tree = try repository.editingTree(oursTree, edits)
        return outcome
    }

    /// The first proper prefix of `path` that is a file in `tree`, if any.
    private func fileBlocking(_ path: String, in tree: ObjectID) throws -> (path: String, entry: TreeEntry)? {
        var prefix = ""
        for component in path.split(separator: "/").dropLast() {
            prefix += prefix.isEmpty ? String(component) : "/" + component
            guard let entry = try repository.treeEntry(atPath: prefix, in: tree) else { return nil }
            if entry.kind != .tree { return (prefix, entry) }
        }
        return nil
    }

    /// `<dir>/<name> (conflict <device> <time>).<ext>`, numbered if that name is taken.
    private func freeCopyName(for path: String, in trees: [ObjectID], taken: Set<String>) throws -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var stem = name
        var ext = ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            stem = String(name[..<dot])
            ext = String(name[dot...])
        }
        var number = 1
        while true {
            let counter = number == 1 ? "" : " \(number)"
            let candidate = "\(directory)\(stem) (conflict \(copySuffix)\(counter))\(ext)"
            let exists = try trees.contains { try repository.treeEntry(atPath: candidate, in: $0) != nil }
            if !exists, !taken.contains(candidate) { return candidate }
            number += 1
        }
    }

    /// git's rule: a NUL byte in the first 8000 bytes makes a file binary.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8000).contains(0)
    }
}
