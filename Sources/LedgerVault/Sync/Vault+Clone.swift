import LedgerCore
import LedgerGit
import LedgerSystem

extension Vault {
    /// Sets this machine up as a new device of the vault at `url`: clones it into `path`,
    /// gives the clone its own device id, and adds the ledger folder if the repository had none
    /// (a plain notes repository, or an empty one). `origin` becomes the default remote.
    /// `clock` (milliseconds) dates that set-up commit and every later one, as `Vault.clock` does.
    public static func clone(
        url: String, into path: String, clock: (@Sendable () -> Int64)? = nil,
        progress: ((SyncProgress) -> Void)? = nil
    ) throws -> (Vault, SyncOutcome) {
        guard isUsableURL(url) else { throw SyncError.invalidURL(url) }
        let root = FileSystem.absolute(path)
        if FileSystem.exists(root), !FileSystem.isDirectory(root) { throw VaultError.vaultIsAFile(path: root) }
        if FileSystem.exists(root), !FileSystem.isEmptyDirectory(root) { throw SyncError.destinationNotEmpty(root) }
        try checkLocalRepositoryExists(url)
        let existed = FileSystem.exists(root)
        try makeFolder(root)
        // A failed clone (the transfer, or the checkout after it) leaves no folder it made behind.
        var cloned = false
        defer { if !cloned, !existed { try? FileSystem.removeTree(root) } }
        let source = isLocalPath(url) ? FileSystem.absolute(url) : url
        let credentials = credentials(config: { _ in nil })
        let repository: Repository
        do {
            repository = try Repository.clone(
                url: source, into: root, checkout: false,
                options: TransferOptions(credentials: credentials, progress: SyncProgress.forward(progress)))
        } catch let error as GitError {
            throw error.code == .authentication
                ? SyncError.authentication(remote: url, detail: error.message)
                : error.isLocalWriteFailure
                    ? SyncError.localWriteFailed(remote: url, detail: error.message)
                    : SyncError.transfer(remote: url, detail: error.message)
        }
        var head = try repository.head()
        if head.commit == nil {
            // An empty remote: start the shared history on `main`. Or a remote whose HEAD names
            // a branch it does not have (`git init --bare` makes HEAD 'master', alog pushes
            // 'main'): its `main` is the vault's branch.
            if let main = try repository.referenceTarget("refs/remotes/origin/main") {
                try repository.setReference("refs/heads/main", to: main, message: "alog: clone: the remote's main")
                try repository.setConfigString("branch.main.remote", "origin")
                try repository.setConfigString("branch.main.merge", "refs/heads/main")
            }
            try repository.setHead(branch: "refs/heads/main")
            head = try repository.head()
        }
        let vault = try Vault(root: root, gitDirectory: repository.gitDirectory, repository: repository)
        if let clock { vault.clock = clock }
        var report = SyncOutcome(
            remote: "origin", url: source, branch: String((head.branch ?? "main").dropFirst("refs/heads/".count)))
        if let received = head.commit {
            let everything = try repository.diffTrees(nil, try repository.commit(received).tree)
            try IncomingCheck(repository: repository, remote: "origin").validate(everything)
            try repository.checkoutHead()
            try repository.setReference(syncedReference("origin"), to: received, message: "alog: cloned")
            report.action = .fastForward
            report.eventsReceived = try vault.projections.state(at: received).eventCount
        }
        if try !vault.hasLedger(inHeadOnly: true) {
            try vault.setUpLedger()
        }
        let finalHead = try repository.head().commit
        report.head = finalHead.map(CommitID.init)
        if let finalHead { _ = try vault.projections.summary(at: finalHead) }
        cloned = true
        return (vault, report)
    }
}
