internal import LedgerCore
internal import LedgerEnvironment
import LedgerGit
internal import LedgerGitLayout
internal import LedgerSystem

/// The repository part of a vault: the git repository (its libgit2 handle, opened on first
/// use), the clone's state folder `.git/alog/`, this device's identity and the signature of its
/// commits, the write lock and the branch intent, and the one commit protocol (objects written,
/// the branch moved by compare-and-swap, the working tree and index brought along). It also
/// reads the branch's history for what other writers did to it (`RemovalCheck`, which drops
/// the state cache a finding outdates). It calls nothing of the projections: `ProjectionStore`
/// reads events through it, `Vault` puts the two together.
///
/// Not `Sendable`: it owns a libgit2 repository handle, which must stay on one thread.
public final class VaultRepository {
    /// The working tree root, ending without `/`.
    let root: String
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
    let device: DeviceIdentity
    /// The zone commits are signed in.
    var zone: any TimeZoneRules = SystemTimeZone()
    /// Returns the wall clock in milliseconds; replaceable for tests of clock skew.
    var clock: @Sendable () -> Int64 = { SystemClock.nowMillis() }
    /// Receives what the user should know but that stops nothing (say, that commits fall back
    /// to the device's name for want of a git identity); commands print it as a warning.
    var notify: (Notice) -> Void = { _ in }
    /// True when the last commit's signature came with a notice (a git identity refused, or
    /// the device's name said for the first time): the front then does not commit on its own.
    var signatureNeededNotice = false
    /// Commits this handle has checked for removed event lines (`noticeRemovals`).
    var scannedCommits: Set<ObjectID> = []
    /// A checkout this handle noticed when the caches moved to HEAD (said once: the next
    /// command's caches are already there).
    var noticedCheckout: CheckoutFinding?

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

    /// The commit HEAD points at (nil before the first commit), read from the refs files when
    /// they are plain, so a read served from a current cache never starts libgit2.
    func headCommit() throws -> ObjectID? {
        switch HeadFile.resolve(gitDirectory: gitDirectory) {
        case .commit(let hex)?: ObjectID(hex: hex)
        // Checked through libgit2, and a damaged or missing branch is an error (`branchHead`).
        case .unborn?, nil: try branchHead().commit
        }
    }
}
