import CLibGit2
import LedgerSystem

extension Repository {
    /// The working tree's paths that differ from HEAD — staged, changed or untracked, but not
    /// ignored — as `git status` lists them (untracked folders recursed), sorted.
    ///
    /// `leavingOut` names top-level folders not to look into at all (the ledger's own, whose
    /// thousands of files would otherwise each be `stat`ed): the status is limited to the other
    /// top-level names of the working tree and of HEAD's tree (so a deleted note still shows),
    /// taken literally, not as patterns.
    package func changedPaths(leavingOut: Set<String> = []) throws -> [String] {
        var options = git_status_options()
        try check(git_status_options_init(&options, 1), "git_status_options_init")
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
        var scope: [String] = []
        if !leavingOut.isEmpty, let root = workingDirectory {
            var names = Set(FileSystem.list(root))
            if let tree = try head().commit.map({ try commit($0).tree }) {
                for entry in try treeEntries(tree) { names.insert(entry.name) }
            }
            names.remove(".git")
            names.subtract(leavingOut)
            guard !names.isEmpty else { return [] }
            scope = names.sorted()
            options.flags |= GIT_STATUS_OPT_DISABLE_PATHSPEC_MATCH.rawValue
        }
        var list: OpaquePointer?
        try withStringArray(scope) { strings in
            if !scope.isEmpty { options.pathspec = strings }
            try check(git_status_list_new(&list, pointer, &options), "git_status_list_new")
        }
        defer { git_status_list_free(list) }
        var paths: Set<String> = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee else { continue }
            for delta in [entry.head_to_index, entry.index_to_workdir] {
                guard let file = delta?.pointee, let path = file.new_file.path ?? file.old_file.path else { continue }
                paths.insert(String(cString: path))
            }
        }
        return paths.sorted()
    }
}
