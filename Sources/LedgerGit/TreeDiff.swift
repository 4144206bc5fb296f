import CLibGit2

/// One file that differs between two trees.
package struct TreeChange: Sendable, Equatable {
    package enum Status: Sendable, Equatable {
        case added, deleted, modified, other
    }
    package var path: String
    package var status: Status
    /// The blob before (nil when added).
    package var oldID: ObjectID?
    /// The blob after (nil when deleted).
    package var newID: ObjectID?
    /// The git file modes before and after (0 when absent), e.g. 0o100644, 0o100755, 0o120000.
    package var oldMode: UInt32 = 0
    package var newMode: UInt32 = 0
}

extension Repository {
    /// The files that differ between two trees (nil = the empty tree), limited to `paths`
    /// (folders or files, `/`-separated; empty = everything), in git's order. No blob content
    /// is read.
    ///
    /// Subtrees with the same id on both sides are skipped without being read, so the cost
    /// grows with what changed, not with the size of the trees. libgit2's tree-to-tree diff
    /// expands every tree under the pathspec on both sides instead: folding one pulled event
    /// into a 1M-event vault read 202 trees there, most of them through long delta chains.
    /// Like libgit2 without `GIT_DIFF_INCLUDE_TYPECHANGE`, an entry that changes kind (file to
    /// symlink, file to folder) is reported as deleted and added.
    package func diffTrees(_ old: ObjectID?, _ new: ObjectID?, paths: [String] = []) throws -> [TreeChange] {
        let scope = PathScope(paths)
        var changes: [TreeChange] = []
        try diffTrees(old, new, prefix: "", scope: scope, into: &changes)
        return changes
    }

    private func diffTrees(
        _ old: ObjectID?, _ new: ObjectID?, prefix: String, scope: PathScope, into changes: inout [TreeChange]
    ) throws {
        guard old != new else { return }
        let oldEntries = try old.map(treeEntries) ?? []
        let newEntries = try new.map(treeEntries) ?? []
        var o = 0
        var n = 0
        while o < oldEntries.count || n < newEntries.count {
            let order: Int
            if o == oldEntries.count {
                order = 1
            } else if n == newEntries.count {
                order = -1
            } else {
                order = Self.compareInTreeOrder(oldEntries[o], newEntries[n])
            }
            if order < 0 {
                try report(deleted: oldEntries[o], prefix: prefix, scope: scope, into: &changes)
                o += 1
            } else if order > 0 {
                try report(added: newEntries[n], prefix: prefix, scope: scope, into: &changes)
                n += 1
            } else {
                let (before, after) = (oldEntries[o], newEntries[n])
                o += 1
                n += 1
                if before.id == after.id && before.fileMode == after.fileMode { continue }
                let path = prefix + after.name
                guard scope.reaches(path, folder: after.kind == .tree) else { continue }
                if after.kind == .tree {
                    try diffTrees(before.id, after.id, prefix: path + "/", scope: scope, into: &changes)
                } else if before.kind == after.kind && Self.fileModeKind(before) == Self.fileModeKind(after) {
                    changes.append(
                        TreeChange(
                            path: path, status: .modified, oldID: before.id, newID: after.id,
                            oldMode: before.fileMode, newMode: after.fileMode))
                } else {
                    try report(deleted: before, prefix: prefix, scope: scope, into: &changes)
                    try report(added: after, prefix: prefix, scope: scope, into: &changes)
                }
            }
        }
    }

    private func report(deleted entry: TreeEntry, prefix: String, scope: PathScope, into changes: inout [TreeChange])
        throws
    {
        let path = prefix + entry.name
        guard scope.reaches(path, folder: entry.kind == .tree) else { return }
        if entry.kind == .tree {
            try diffTrees(entry.id, nil, prefix: path + "/", scope: scope, into: &changes)
        } else {
            changes.append(
                TreeChange(path: path, status: .deleted, oldID: entry.id, newID: nil, oldMode: entry.fileMode))
        }
    }

    private func report(added entry: TreeEntry, prefix: String, scope: PathScope, into changes: inout [TreeChange])
        throws
    {
        let path = prefix + entry.name
        guard scope.reaches(path, folder: entry.kind == .tree) else { return }
        if entry.kind == .tree {
            try diffTrees(nil, entry.id, prefix: path + "/", scope: scope, into: &changes)
        } else {
            changes.append(
                TreeChange(path: path, status: .added, oldID: nil, newID: entry.id, newMode: entry.fileMode))
        }
    }

    /// git's order of tree entries: by name, a folder's name compared as if it ended in `/`.
    /// Equal (0) only for the same name of the same kind (folder or not).
    static func compareInTreeOrder(_ a: TreeEntry, _ b: TreeEntry) -> Int {
        var left = TreeOrderKey(a)
        var right = TreeOrderKey(b)
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let x?, let y?) where x != y: return x < y ? -1 : 1
            default: continue
            }
        }
    }

    /// The bytes an entry sorts by — its name, and `/` after a folder's — without copying them
    /// (this runs for every entry pair of every tree compared).
    private struct TreeOrderKey: IteratorProtocol {
        var name: String.UTF8View.Iterator
        var slash: Bool

        init(_ entry: TreeEntry) {
            name = entry.name.utf8.makeIterator()
            slash = entry.kind == .tree
        }

        mutating func next() -> UInt8? {
            if let byte = name.next() { return byte }
            guard slash else { return nil }
            slash = false
            return UInt8(ascii: "/")
        }
    }

    /// Regular file (either permission), symlink or submodule: a change between these is a
    /// change of kind.
    private static func fileModeKind(_ entry: TreeEntry) -> UInt32 { entry.fileMode & 0o170000 }
}

/// Which paths a diff looks at: everything, or the given folders and files and what is below
/// them.
private struct PathScope {
    let paths: [String]

    init(_ paths: [String]) {
        self.paths = paths.map { path in
            var trimmed = Substring(path)
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
            return String(trimmed)
        }
    }

    /// True when `path` is inside the scope, or (for a folder) holds part of it.
    func reaches(_ path: String, folder: Bool) -> Bool {
        if paths.isEmpty { return true }
        return paths.contains { spec in
            spec.isEmpty || path == spec || path.hasPrefix(spec + "/") || (folder && spec.hasPrefix(path + "/"))
        }
    }
}
