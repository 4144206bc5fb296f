import LedgerGitLayout
import LedgerSystem

/// The vault's state as a page needs to know it changed: the commit HEAD points at and the
/// widget's queued taps (their files' sizes and times). Read without libgit2.
package struct VaultVersion: Sendable, Equatable {
    package var head: String
    package var queue: String

    package static func read(gitDirectory: String) -> VaultVersion {
        let head: String =
            switch HeadFile.resolve(gitDirectory: gitDirectory) {
            case .commit(let id)?: id
            case .unborn?: "unborn"
            case nil: "unknown"
            }
        let widget = StateDirectory(gitDirectory: gitDirectory).widget
        let queue = [widget.queue, widget.queueLog].map { path in
            FileIdentity.of(path)?.text ?? "-"
        }.joined(separator: ",")
        return VaultVersion(head: head, queue: queue)
    }
}

/// Hands each change of the vault to every open page (`GET /api/events`): one stream per
/// subscriber, the latest version only (a slow page skips versions it has not read yet).
package actor ChangeFeed {
    private var subscribers: [Int: AsyncStream<VaultVersion>.Continuation] = [:]
    private var next = 0
    private(set) package var version: VaultVersion
    private var finished = false

    package init(version: VaultVersion) { self.version = version }

    /// A stream of the versions after this one; it ends when the server stops.
    package func subscribe() -> AsyncStream<VaultVersion> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: VaultVersion.self, bufferingPolicy: .bufferingNewest(1))
        if finished {
            continuation.finish()
            return stream
        }
        let id = next
        next += 1
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        return stream
    }

    private func remove(_ id: Int) { subscribers[id] = nil }

    /// Says `version` to every subscriber if it differs from the last one said.
    package func publish(_ version: VaultVersion) {
        guard version != self.version else { return }
        self.version = version
        for continuation in subscribers.values { continuation.yield(version) }
    }

    /// Ends every stream (the server is stopping: no page waits on it).
    package func finish() {
        finished = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }
}
