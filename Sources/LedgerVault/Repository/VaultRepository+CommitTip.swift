import LedgerCore
import LedgerGit
import LedgerGitFiles
import LedgerGitLayout
import LedgerStore
import LedgerSystem

extension VaultRepository {
    /// After a commit of one event file of this device (a `log`, `start`, `stop`…), keeps
    /// what the front needs to commit the next `log` of this month without libgit2
    /// (`CommitTip`). Anything unusual — the branch moved on since, a worktree, a packed
    /// branch, a signature that needed a notice, a git configuration that includes other
    /// files, reflogs that do not end with this commit — leaves no tip, and the next `log`
    /// comes here again. Costs a few small reads; a failure only costs the next `log` its fast
    /// path.
    func rememberCommitTip(_ result: CommitResult) {
        FileSystem.remove(stateFiles.commitTip)
        guard result.warnings.isEmpty, !signatureNeededNotice, result.files.count == 1, let parent = result.parent
        else { return }
        let path = result.files[0].path.split(separator: "/").map(String.init)
        guard path.count == 6, path[0] == ".alog", path[1] == "events", path[2] == device.id,
            !FileSystem.exists(gitDirectory + "commondir"),
            case .commit(let hex)? = HeadFile.resolve(gitDirectory: gitDirectory), hex == result.commit.hex,
            let headLine = try? FileSystem.readString(gitDirectory + "HEAD"), headLine.hasPrefix("ref: refs/heads/"),
            headLine.hasSuffix("\n")
        else { return }
        let branch = String(headLine.dropFirst(5).dropLast())
        guard FileSystem.exists(gitDirectory + branch) else { return }
        do {
            // The reflog lines libgit2 just wrote, whose identity the front repeats.
            let logs = [gitDirectory + "logs/" + branch, gitDirectory + "logs/HEAD"]
            let lines = try logs.map { try FileSystem.readTail($0, count: 1024)?.bytes }
            var reflogIdentity: String?
            if lines.allSatisfy({ $0 != nil }) {
                let identities = lines.map { LooseRefUpdate.identity(inLastLineOf: $0!, from: parent.hex, to: hex) }
                guard let identity = identities[0], identities[1] == identity else { return }
                reflogIdentity = identity
            } else if lines.contains(where: { $0 != nil }) {
                return
            }
            var configFiles: [CommitTip.ConfigFile] = []
            for configPath in CommitTip.configPaths(gitDirectory: gitDirectory, environment: FileSystem.environment) {
                let identity = FileIdentity.of(configPath)
                if identity != nil {
                    // An include could bring a signature from a file the tip does not watch.
                    guard let text = try FileSystem.readString(configPath), !text.lowercased().contains("include")
                    else { return }
                }
                configFiles.append(CommitTip.ConfigFile(path: configPath, identity: identity))
            }
            let commit = try repository.commit(result.commit)
            let author = "\(commit.author.name) <\(commit.author.email)>"
            guard commit.author.name == commit.committer.name, commit.author.email == commit.committer.email else {
                return
            }
            var levels = [
                CommitTip.Level(name: "", id: commit.tree.bytes, bytes: try repository.treeBytes(commit.tree))
            ]
            for depth in 1..<6 {
                guard
                    let entry = try repository.treeEntry(
                        atPath: path[..<depth].joined(separator: "/"), in: commit.tree),
                    entry.kind == .tree
                else { return }
                levels.append(
                    CommitTip.Level(
                        name: path[depth - 1], id: entry.id.bytes, bytes: try repository.treeBytes(entry.id)))
            }
            let syncs = ((try? repository.configBool("core.fsyncObjectFiles")) ?? nil) == true
            CommitTip(
                branch: branch, device: device.id, author: author, reflogIdentity: reflogIdentity, syncsObjects: syncs,
                packThreshold: try repository.automaticPackThreshold(), configFiles: configFiles, levels: levels
            ).write(stateFiles.commitTip, commit: hex)
        } catch {
            return
        }
    }
}
