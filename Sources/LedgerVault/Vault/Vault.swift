public import LedgerCore
internal import LedgerEnvironment
import LedgerGit
internal import LedgerGitLayout
internal import LedgerSystem

/// A vault: a git repository (usually also an Obsidian vault) holding the ledger folder.
///
/// Not `Sendable`: it owns a libgit2 repository handle, which must stay on one thread.
public final class Vault {
    /// The working tree root, ending without `/`.
    public let root: String
    /// The `.git` directory, ending in `/`.
    let gitDirectory: String
    /// Opened on first use: libgit2's start-up costs milliseconds, and a `status` served from
    /// a current cache never needs it.
    var repository: Repository {
        get throws {
            if let openedRepository { return openedRepository }
            let opened: Repository
            do {
                opened = try Repository.open(at: root)
            } catch let error as GitError {
                // A `.git` whose HEAD is a directory or garbage is no repository to libgit2.
                if let damage = try headDamage() { throw damage }
                throw error
            }
            openedRepository = opened
            return opened
        }
    }
    /// Replaced for the length of an object batch (`appendEach`).
    var openedRepository: Repository?
    /// True while `openedRepository` is an object batch's handle, whose new objects are only in
    /// memory (no second handle may read them).
    var inObjectBatch = false
    /// `.git/alog/`: per-clone state (device id, caches, lock) and the names of its files.
    let stateFiles: StateDirectory
    /// `stateFiles.path`.
    var stateDirectory: String { stateFiles.path }
    public let device: DeviceIdentity
    public var zone: any TimeZoneRules = SystemTimeZone()
    /// Returns the wall clock in milliseconds; replaceable for tests of clock skew.
    public var clock: @Sendable () -> Int64 = { SystemClock.nowMillis() }
    /// Receives what the user should know but that stops nothing (say, that commits fall back
    /// to the device's name for want of a git identity); commands print it as a warning.
    public var notify: (Notice) -> Void = { _ in }
    /// Damaged lines met while folding; each is skipped, everything else still loads.
    public internal(set) var lineIssues: [LineIssue] = []

    var memoState: (commit: ObjectID, state: LedgerState)?
    var memoSummary: (commit: ObjectID, summary: StatusSummary)?
    /// True when the last commit's signature came with a notice (a git identity refused, or
    /// the device's name said for the first time): the front then does not commit on its own.
    var signatureNeededNotice = false
    /// Commits this handle has checked for removed event lines (`noticeRemovals`).
    var scannedCommits: Set<ObjectID> = []
    /// A checkout this handle noticed when its caches moved to HEAD (said once: the next
    /// command's caches are already there).
    public internal(set) var noticedCheckout: CheckoutFinding?

    init(root: String, gitDirectory: String, repository: Repository?) throws {
        self.root = root
        self.gitDirectory = gitDirectory
        openedRepository = repository
        stateFiles = StateDirectory(gitDirectory: gitDirectory)
        // A vault this process may not write (a read-only mount) can still be read: a clone
        // alog never opened then gets an identity for this process only, which nothing records
        // (every write refuses at the write lock).
        do {
            try FileSystem.makeDirectories(stateFiles.path)
            device = try DeviceIdentity.load(path: stateFiles.device)
        } catch VaultError.damagedStateFile(let path, let reason) where path.hasPrefix(root + "/") {
            throw VaultError.damagedStateFile(path: String(path.dropFirst(root.count + 1)), reason: reason)
        } catch let failure as FileSystem.Failure where failure.isWriteDenied {
            device = DeviceIdentity(id: DeviceID.random(), name: SystemClock.hostName())
        }
    }

    /// Opens an existing vault; fails with a clear error if `path` is not one. A plain
    /// `.git` directory is recognised without starting libgit2; anything else (a `.git` file
    /// of a linked worktree, say) is opened through libgit2 straight away.
    public static func open(at path: String) throws -> Vault {
        let root = FileSystem.absolute(path)
        try refuseGitDirectory(root)
        guard FileSystem.isDirectory(root) else {
            if FileSystem.exists(root) { throw VaultError.vaultIsAFile(path: root) }
            throw VaultError.notAVault(path: root, reason: "no such directory")
        }
        let vault: Vault
        if FileSystem.isDirectory(root + "/.git/objects"), FileSystem.exists(root + "/.git/HEAD") {
            vault = try Vault(root: root, gitDirectory: root + "/.git/", repository: nil)
        } else {
            guard Repository.exists(at: root) else {
                throw VaultError.notAVault(path: root, reason: "not a git repository")
            }
            let repository = try Repository.open(at: root)
            guard repository.workingDirectory != nil else {
                throw VaultError.bareRepository(path: root)
            }
            vault = try Vault(root: root, gitDirectory: repository.gitDirectory, repository: repository)
        }
        guard try vault.hasLedger() else {
            throw VaultError.notAVault(path: root, reason: "no \(VaultLayout.ledgerFolder) ledger folder")
        }
        return vault
    }

    /// How `initialize` found the path.
    public enum InitOutcome: String, Sendable {
        case created = "created a new vault"
        case adoptedRepository = "adopted an existing git repository"
        case adoptedFolder = "adopted an existing folder"
        case alreadyVault = "already a vault"
    }

    /// Creates a vault at `path`, or adopts the git repository or folder of notes already there.
    /// Only the ledger's own files are written and committed; nothing of the user's is touched.
    /// A folder inside another repository's work tree is refused unless `nested` (the user
    /// chose a repository of its own there): adopting the enclosing repository is usually
    /// what was meant.
    public static func initialize(
        at path: String, nested: Bool = false, notify: @escaping (Notice) -> Void = { _ in }
    ) throws -> (Vault, InitOutcome) {
        let root = FileSystem.absolute(path)
        try refuseGitDirectory(root)
        let existed = FileSystem.isDirectory(root)
        if FileSystem.exists(root), !existed { throw VaultError.vaultIsAFile(path: root) }
        if !nested, GitDirectory.of(workTree: root) == nil, let enclosing = enclosingWorkTree(of: root) {
            throw VaultError.insideRepository(path: root, enclosing: enclosing)
        }
        let outcome: InitOutcome
        let repository: Repository
        if Repository.exists(at: root) {
            repository = try Repository.open(at: root)
            guard repository.workingDirectory != nil else {
                throw VaultError.bareRepository(path: root)
            }
            outcome = .adoptedRepository
        } else {
            try makeFolder(root)
            repository = try Repository.create(at: root, initialBranch: "main")
            outcome = existed ? .adoptedFolder : .created
        }
        let vault = try Vault(root: root, gitDirectory: repository.gitDirectory, repository: repository)
        vault.notify = notify
        if try vault.hasLedger(inHeadOnly: true) { return (vault, .alreadyVault) }
        try vault.setUpLedger()
        return (vault, outcome)
    }

    /// A path in a `.git` folder (`~/Notes/.git`, say) is git's own storage, never a vault:
    /// libgit2 would open the repository around it and alog would write its ledger into the git
    /// folder.
    static func refuseGitDirectory(_ root: String) throws {
        let components = root.split(separator: "/", omittingEmptySubsequences: true)
        guard let git = components.firstIndex(of: ".git") else { return }
        throw VaultError.insideGitDirectory(path: root, vault: "/" + components[..<git].joined(separator: "/"))
    }

    /// Makes the vault's folder (and its parents), or says in alog's words why it cannot.
    static func makeFolder(_ root: String) throws {
        do {
            try FileSystem.makeDirectories(root)
        } catch let failure as FileSystem.Failure {
            throw VaultError.cannotCreateFolder(path: root, reason: failure.reason)
        }
    }

    /// The nearest folder above `root` that is a git work tree, if any.
    static func enclosingWorkTree(of root: String) -> String? {
        var parts = root.split(separator: "/")
        while !parts.isEmpty {
            parts.removeLast()
            let folder = "/" + parts.joined(separator: "/")
            if GitDirectory.of(workTree: folder == "/" ? "" : folder) != nil { return folder }
        }
        return nil
    }

    /// Commits the ledger folder's own files (and nothing else).
    func setUpLedger() throws {
        _ = try commit(message: "alog: set up the activity ledger") { _, _ in
            [
                FileEdit(path: VaultLayout.attributesPath, content: { _ in Array(VaultLayout.attributes.utf8) }),
                FileEdit(path: VaultLayout.readmePath, content: { _ in Array(VaultLayout.readme.utf8) }),
            ]
        }
    }

    func hasLedger(inHeadOnly: Bool = false) throws -> Bool {
        if !inHeadOnly, FileSystem.isDirectory(root + "/" + VaultLayout.ledgerFolder) { return true }
        if let commit = try repository.head().commit {
            let tree = try repository.commit(commit).tree
            if try repository.treeEntry(atPath: VaultLayout.attributesPath, in: tree) != nil { return true }
        }
        return false
    }
}

/// A damaged line in an event file: reported with file and line, then skipped.
public struct LineIssue: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var reason: String
    /// True when the line is well-formed but from a newer alog (skipped, not damaged).
    public var isFromNewerVersion = false
    public var description: String { "\(path):\(line): \(reason)" }
}
