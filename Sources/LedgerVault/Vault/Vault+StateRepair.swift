import LedgerCore
import LedgerGit
import LedgerGitLayout
import LedgerSystem

/// `alog rebuild` first clears away files of `.git/alog/` that cannot be read (a directory in
/// a file's place, an unreadable file), since every command, `rebuild` included, would fail on
/// them. Caches are folded again from the events. The device id is not a cache: a damaged
/// `device` file is replaced by the id this clone's own commits show it wrote with (its
/// reflog), and only when they do not show one is a new id made, which is said.
extension Vault {
    /// Replaces what is in the way in the state directory of the vault at `path`; returns what
    /// was replaced, one sentence each. Does nothing (and returns nothing) where there is no
    /// vault.
    /// Points a damaged `.git/HEAD` of the vault at `path` at its branch again: `main` when
    /// it exists, else the only branch there is. Returns what it did (nothing when HEAD is
    /// fine or there is no vault); throws, with the branches to choose from, when it cannot
    /// tell which branch is the vault's.
    public static func repairHead(at path: String) throws -> [RepairAction] {
        let root = FileSystem.absolute(path)
        let gitDirectory = root + "/.git/"
        guard FileSystem.isDirectory(gitDirectory), FileSystem.isDirectory(gitDirectory + "refs"),
            let problem = try VaultRepository.headProblem(gitDirectory + "HEAD")
        else { return [] }
        var branches = Set(FileSystem.list(gitDirectory + "refs/heads").filter { !$0.hasSuffix(".lock") })
        if let packed = try? FileSystem.readString(gitDirectory + "packed-refs") {
            for line in packed.split(separator: "\n") {
                guard let ref = line.split(separator: " ").last, ref.hasPrefix("refs/heads/") else { continue }
                branches.insert(String(ref.dropFirst("refs/heads/".count)))
            }
        }
        let chosen = branches.contains("main") ? "main" : branches.count == 1 ? branches.first : nil
        guard let branch = chosen else {
            throw VaultError.headBranchUnknown(path: ".git/HEAD", reason: problem, branches: branches.sorted())
        }
        if FileSystem.isDirectory(gitDirectory + "HEAD") { try FileSystem.removeTree(gitDirectory + "HEAD") }
        _ = try FileSystem.writeAtomically(gitDirectory + "HEAD", Array("ref: refs/heads/\(branch)\n".utf8))
        return [.pointedHead(branch: branch, problem: problem)]
    }

    public static func clearDamagedState(at path: String) throws -> [RepairAction] {
        let root = FileSystem.absolute(path)
        let gitDirectory: String
        if FileSystem.isDirectory(root + "/.git") {
            gitDirectory = root + "/.git/"
        } else if FileSystem.isDirectory(root), Repository.exists(at: root) {
            gitDirectory = try Repository.open(at: root).gitDirectory
        } else {
            return []
        }
        let files = StateDirectory(gitDirectory: gitDirectory)
        let stateDirectory = files.path
        func shown(_ path: String) -> String {
            path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }
        var replaced: [RepairAction] = []
        if FileSystem.entryKind(String(stateDirectory.dropLast())) == .file {
            try FileSystem.removeTree(String(stateDirectory.dropLast()))
            replaced.append(.removedFileInTheWay(shown(String(stateDirectory.dropLast()))))
        }
        let caches = [files.stateCache, files.summaryCache]
        for file in caches + [files.removals] {
            guard let problem = Self.obstruction(file) else { continue }
            try FileSystem.removeTree(file)
            replaced.append(
                caches.contains(file)
                    ? .replacedCache(shown(file), problem: problem)
                    : .removedRemovalsFile(shown(file), problem: problem))
        }
        // A folder where a lock file belongs stops every writer ("Is a directory"): alog's
        // locks are empty files, so nothing is lost by taking it away.
        for lock in [files.writeLock, files.widget.queueLock, files.widget.drainLock]
        where FileSystem.entryKind(lock) == .directory {
            try FileSystem.removeTree(lock)
            replaced.append(.removedFolderInLockPlace(shown(lock)))
        }
        let device = files.device
        if let problem = Self.obstruction(device) ?? Self.missingDeviceID(device) {
            try FileSystem.removeTree(device)
            let recovered = try? recoverDeviceID(root: root, gitDirectory: gitDirectory)
            let id = recovered ?? DeviceID.random()
            try FileSystem.makeDirectories(stateDirectory)
            try FileSystem.writeAtomically(device, Array("id=\(id)\nname=\(SystemClock.hostName())\n".utf8))
            replaced.append(.replacedDevice(shown(device), problem: problem, id: id, recovered: recovered != nil))
        }
        return replaced
    }

    /// Why the file at `path` is in the way (a directory, unreadable), or nil.
    static func obstruction(_ path: String) -> String? {
        switch FileSystem.entryKind(path) {
        case .missing: return nil
        case .directory: return "it was a directory"
        case .file, .other:
            do {
                _ = try FileSystem.readHead(path, count: 1)
                return nil
            } catch let failure as FileSystem.Failure {
                return "unreadable: \(failure.reason)"
            } catch {
                return "unreadable"
            }
        }
    }

    /// A device file that can be read but holds no valid id.
    private static func missingDeviceID(_ path: String) -> String? {
        guard let text = try? FileSystem.readString(path) else { return nil }
        return DeviceIdentity.parse(text) == nil ? "it held no device id" : nil
    }

    /// The device id the ledger commits this clone made wrote their events with: the event
    /// folders changed by the branch's reflog entries that alog wrote here (not syncs, which
    /// bring other devices' events). Nil unless exactly one device shows.
    static func recoverDeviceID(root: String, gitDirectory: String) throws -> String? {
        let repository = try Repository.open(at: root)
        guard let head = try? FileSystem.read(gitDirectory + "HEAD"),
            case let line = String(decoding: head.prefix { $0 != 10 }, as: UTF8.self), line.hasPrefix("ref: refs/")
        else { return nil }
        let reflog = repository.commonDirectory + "logs/" + line.dropFirst(5)
        guard let bytes = try FileSystem.read(reflog) else { return nil }
        var devices: Set<String> = []
        for entry in bytes.split(separator: 10) where entry.count > 82 {
            let text = String(decoding: entry, as: UTF8.self)
            guard let tab = text.firstIndex(of: "\t") else { continue }
            let message = text[text.index(after: tab)...]
            guard message.hasPrefix("alog: "), !message.hasPrefix("alog: sync"), !message.hasPrefix("alog: repair")
            else { continue }
            guard let old = ObjectID(hex: text.prefix(40)), let new = ObjectID(hex: text.dropFirst(41).prefix(40)),
                let newTree = try? repository.commit(new).tree
            else { continue }
            let oldTree = try? repository.commit(old).tree
            for change in try repository.diffTrees(oldTree, newTree, paths: [VaultLayout.eventsFolder])
            where change.status != .deleted {
                let parts = change.path.split(separator: "/")
                if parts.count > 3 { devices.insert(String(parts[2])) }
            }
        }
        return devices.count == 1 ? devices.first : nil
    }
}
