import LedgerSystem

/// Finds the git directory of a work tree without libgit2: `<root>/.git` when it is a folder,
/// or the folder a `.git` file names (`gitdir: …`, as a linked worktree or a submodule has).
package enum GitDirectory {
    /// The git directory (ending in `/`) of the work tree at `root` (absolute, no trailing `/`);
    /// nil when `root` holds neither form.
    package static func of(workTree root: String) -> String? {
        let dotGit = root + "/.git"
        var gitDirectory: String
        if FileSystem.isDirectory(dotGit) {
            gitDirectory = dotGit
        } else if let text = try? FileSystem.readString(dotGit), text.hasPrefix("gitdir:") {
            let target = text.dropFirst("gitdir:".count).split(separator: "\n").first.map(String.init) ?? ""
            let trimmed = target.drop { $0 == " " }
            gitDirectory = trimmed.hasPrefix("/") ? String(trimmed) : root + "/" + trimmed
        } else {
            return nil
        }
        if !gitDirectory.hasSuffix("/") { gitDirectory += "/" }
        return gitDirectory
    }
}
