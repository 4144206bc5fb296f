public import LedgerCore
internal import LedgerEnvironment
import LedgerGit
internal import LedgerGitLayout
internal import LedgerSystem

/// A vault: a git repository (usually also an Obsidian vault) holding the ledger folder.
///
/// Two parts, with state of their own: `repo` (`VaultRepository`: the git repository, the
/// device, the write lock and the commit protocol) and `projections` (`ProjectionStore`: the
/// folded state and summary, their caches and the time index). The entry actions (`log`,
/// `edit`, …) and the services (sync, repair, timers, undo, …) use the two.
///
/// Not `Sendable`: it owns a libgit2 repository handle, which must stay on one thread.
public final class Vault {
    /// The repository part: commits, the branch's compare-and-swap, the intent record.
    public let repo: VaultRepository
    /// The projection part: memos of the folded state and summary, and what folding met.
    let projections: ProjectionStore

    /// The working tree root, ending without `/`.
    public var root: String { repo.root }
    /// The `.git` directory, ending in `/`.
    var gitDirectory: String { repo.gitDirectory }
    /// The libgit2 handle (`repo`'s, opened on first use).
    var repository: Repository { get throws { try repo.repository } }
    /// `.git/alog/` and the names of its files.
    var stateFiles: StateDirectory { repo.stateFiles }
    var stateDirectory: String { repo.stateDirectory }
    public var device: DeviceIdentity { repo.device }
    public var zone: any TimeZoneRules {
        get { repo.zone }
        set { repo.zone = newValue }
    }
    /// Returns the wall clock in milliseconds; replaceable for tests of clock skew.
    public var clock: @Sendable () -> Int64 {
        get { repo.clock }
        set { repo.clock = newValue }
    }
    /// Receives what the user should know but that stops nothing; commands print it as a
    /// warning.
    public var notify: (Notice) -> Void {
        get { repo.notify }
        set { repo.notify = newValue }
    }
    /// Damaged lines met while folding; each is skipped, everything else still loads.
    public var lineIssues: [LineIssue] { projections.lineIssues }
    /// A checkout noticed when the caches moved to HEAD (said once).
    public var noticedCheckout: CheckoutFinding? { repo.noticedCheckout }

    init(root: String, gitDirectory: String, repository: Repository?) throws {
        repo = try VaultRepository(root: root, gitDirectory: gitDirectory, repository: repository)
        projections = ProjectionStore(repo: repo)
        // Every summary of HEAD refreshes the widget's cache: the vault wins over the cache.
        projections.onHeadSummary = { [weak self] in self?.refreshWidgetCache($0) }
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
    /// what was meant. `clock` (milliseconds) dates the set-up commit and every later one, as
    /// `Vault.clock` does (tests of clock skew; the wall clock otherwise).
    public static func initialize(
        at path: String, nested: Bool = false, clock: (@Sendable () -> Int64)? = nil,
        notify: @escaping (Notice) -> Void = { _ in }
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
        if let clock { vault.clock = clock }
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
        _ = try repo.commit(message: "alog: set up the activity ledger") { _, _ in
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
