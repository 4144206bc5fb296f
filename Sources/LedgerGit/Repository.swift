import CLibGit2

/// An open git repository.
///
/// Ownership: the instance owns its `git_repository` handle and frees it in `deinit`. Every other
/// libgit2 object (trees, commits, blobs, diffs, walkers) is looked up, used and freed inside a
/// single method of this module, so no libgit2 pointer ever escapes to callers.
///
/// Threading: libgit2 objects are not thread-safe. A `Repository` is deliberately not `Sendable`;
/// use one instance per thread or task.
package final class Repository {
    let pointer: OpaquePointer
    /// The `.git` directory, always ending in `/`.
    package let gitDirectory: String
    /// The working tree, ending in `/`, or nil for a bare repository.
    package let workingDirectory: String?
    /// Where references and objects live, ending in `/`: the `.git` directory, or for a linked
    /// worktree the main repository's.
    package var commonDirectory: String { String(cString: git_repository_commondir(pointer)) }
    /// While `writingObjectsDirectly` runs: the loose objects alog writes and reads itself
    /// (trees edited on their bytes, see `LooseObjects`).
    var looseObjects: LooseObjects?

    init(pointer: OpaquePointer) {
        self.pointer = pointer
        gitDirectory = String(cString: git_repository_path(pointer))
        workingDirectory = git_repository_workdir(pointer).map { String(cString: $0) }
    }

    deinit { git_repository_free(pointer) }

    /// Opens the repository whose working tree (or git directory) is exactly `path`;
    /// parent directories are not searched.
    package static func open(at path: String) throws -> Repository {
        _ = LibGit2.ready
        var repo: OpaquePointer?
        try check(
            git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil),
            "git_repository_open_ext")
        return Repository(pointer: repo!)
    }

    /// True when `path` is the root of a git repository (working tree or bare).
    package static func exists(at path: String) -> Bool {
        _ = LibGit2.ready
        return git_repository_open_ext(nil, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil) == 0
    }
}
