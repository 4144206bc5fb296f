/// A vault that concurrent callers share, such as a server's requests: reads run in parallel,
/// writes one at a time, and no handle is pinned to a thread.
///
/// A `Vault` handle is a class with memos (the folded state, the open repository) and must
/// stay with one caller at a time. `SharedVault` never hands one out for longer than a call:
/// each `read` or `write` opens its own handle (cheap: file checks, with libgit2's repository
/// opened only when the call needs it), uses it on the calling task's thread, and drops it.
/// What keeps concurrent handles consistent is what keeps concurrent processes consistent:
/// the caches are keyed by the branch's commit, and every write takes the vault's write lock
/// and moves the branch with a compare-and-swap (docs/architecture.md, "Threading").
/// Writes are also queued here, so the requests of one server never wait on each other's
/// lock, and a write sees every write queued before it.
public final class SharedVault: Sendable {
    /// The vault's folder.
    public let path: String
    private let writes = WriteQueue()

    /// Opens the vault at `path` once to check it is one (throws what `Vault.open` throws).
    public init(at path: String) throws {
        _ = try Vault.open(at: path)
        self.path = path
    }

    /// Runs `body` with a handle of its own, alongside any other read or write.
    public func read<T: Sendable>(_ body: (Vault) throws -> T) throws -> T {
        try body(try Vault.open(at: path))
    }

    /// Runs `body` with a handle of its own once the writes queued before it are done.
    public func write<T: Sendable>(_ body: @Sendable (Vault) throws -> T) async throws -> T {
        let path = path
        return try await writes.run { try body(try Vault.open(at: path)) }
    }
}

/// Runs one body at a time.
private actor WriteQueue {
    func run<T: Sendable>(_ body: @Sendable () throws -> T) throws -> T { try body() }
}
