import LedgerCore
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
    /// A day note both sides changed (`alog notes`), merged as a day note (docs/sync.md, "Day
    /// notes"): nil when `path` is none, or when its text outside the region changed on both
    /// sides (the conflict copy then, as for any note).
    var dayNote: ((_ path: String, _ base: [UInt8]?, _ ours: [UInt8], _ theirs: [UInt8]) throws -> [UInt8]?)? = nil

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
        var plan = Plan(outcome: Outcome(tree: oursTree), trees: [oursTree, theirsTree])
        for change in incoming {
            guard let local = mine[change.path] else {
                try takeTheirs(change, over: oursTree, into: &plan)
                continue
            }
            if local.newID == change.newID && local.newMode == change.newMode { continue }
            if VaultLayout.isEventFile(change.path) {
                let ours = try local.newID.map { try repository.readBlob($0) } ?? []
                let theirs = try change.newID.map { try repository.readBlob($0) } ?? []
                plan.set(
                    change.path, try repository.writeBlob(EventLines.union(ours: ours, theirs: theirs)), fileModeBlob)
            } else if VaultLayout.isLedgerPath(change.path) {
                plan.set(change.path, change.newID, change.newMode)
            } else {
                try mergeNote(local, change, into: &plan)
            }
        }
        plan.outcome.tree = try repository.editingTree(oursTree, plan.edits)
        return plan.outcome
    }

    /// The tree edits a merge makes, the paths they take, and what it reports.
    private struct Plan {
        var outcome: Outcome
        /// Both sides' trees: a conflict copy's name is free in neither.
        let trees: [ObjectID]
        var edits: [TreeEdit] = []
        var taken = Set<String>()

        mutating func set(_ path: String, _ id: ObjectID?, _ mode: UInt32) {
            edits.append(TreeEdit(path: path.split(separator: "/").map(String.init), id: id, fileMode: mode))
            taken.insert(path)
        }
    }

    /// Keeps `id` next to `path` under a conflict copy's name, and reports it.
    private func keepCopy(of path: String, id: ObjectID, mode: UInt32, reason: String, in plan: inout Plan) throws {
        let copy = try freeCopyName(for: path, in: plan.trees, taken: plan.taken)
        plan.set(copy, id, mode)
        plan.outcome.conflictCopies.append(SyncOutcome.ConflictCopy(path: path, copy: copy, reason: reason))
    }

    /// A path only the remote changed takes its version. Never let a file replace a folder of
    /// ours (or the other way round) silently: the loser is kept as a conflict copy.
    private func takeTheirs(_ change: TreeChange, over oursTree: ObjectID, into plan: inout Plan) throws {
        let path = change.path
        if let id = change.newID, let existing = try repository.treeEntry(atPath: path, in: oursTree),
            existing.kind == .tree
        {
            return try keepCopy(
                of: path, id: id, mode: change.newMode, reason: "a folder of this name exists here", in: &plan)
        }
        if change.newID != nil, let blocking = try fileBlocking(path, in: oursTree) {
            try keepCopy(
                of: blocking.path, id: blocking.entry.id, mode: blocking.entry.fileMode,
                reason: "the remote made it a folder", in: &plan)
            plan.set(blocking.path, nil, 0)
        }
        plan.set(path, change.newID, change.newMode)
    }

    /// A user's file both sides changed: merged line by line when it can be; else the remote's
    /// version stays and ours becomes a conflict copy. An edit wins over a delete.
    private func mergeNote(_ local: TreeChange, _ change: TreeChange, into plan: inout Plan) throws {
        let path = change.path
        switch (local.newID, change.newID) {
        case (nil, nil):
            return
        case (nil, let theirs?):
            plan.outcome.editsKeptOverDeletes.append(path)
            plan.set(path, theirs, change.newMode)
        case (_?, nil):
            // Deleted there, edited here: our version stays where it is.
            plan.outcome.editsKeptOverDeletes.append(path)
        case (let ours?, let theirs?):
            let oursBytes = try repository.readBlob(ours)
            let theirsBytes = try repository.readBlob(theirs)
            let baseBytes = try local.oldID.map { try repository.readBlob($0) }
            if let merged = try dayNote?(path, baseBytes, oursBytes, theirsBytes) {
                plan.set(path, try repository.writeBlob(merged), change.newMode)
                plan.outcome.notesMerged.append(path)
                return
            }
            let textual =
                local.newMode != fileModeSymlink && change.newMode != fileModeSymlink
                && ![oursBytes, theirsBytes, baseBytes ?? []].contains(where: Self.isBinary)
            if textual {
                let merged = try mergeFileContents(ancestor: baseBytes, ours: oursBytes, theirs: theirsBytes)
                if merged.automergeable {
                    plan.set(path, try repository.writeBlob(merged.content), change.newMode)
                    plan.outcome.notesMerged.append(path)
                    return
                }
            }
            plan.set(path, theirs, change.newMode)
            try keepCopy(
                of: path, id: ours, mode: local.newMode,
                reason: textual ? "both sides changed the same lines" : "a binary file changed on both sides",
                in: &plan)
        }
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
