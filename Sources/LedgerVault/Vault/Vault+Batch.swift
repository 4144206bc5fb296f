public import LedgerCore
import LedgerGit
internal import LedgerSystem

extension Vault {
    /// Appends each body as its own commit, exactly the history that one `append` per body
    /// would leave (one event, one commit, in order), but written as a batch: the objects go to
    /// memory and then to disk as one packfile, the branch is moved once with compare-and-swap,
    /// and the working tree, the index and the caches are updated once. For imports and bulk
    /// logging; a user's single action stays `append`.
    ///
    /// All or nothing: until the branch moves, no commit is visible (a killed batch leaves at
    /// most an unreferenced packfile, which `git gc` removes). If another writer moved the branch
    /// meanwhile, the whole chain is rebuilt on top of it.
    public func appendEach(_ bodies: [EventBody], message: (EventBody) -> String) throws -> [Appended] {
        guard !bodies.isEmpty else { return [] }
        let ids = bodies.map { _ in EventID.random() }
        let landed = try repo.movingBranch(message: "alog: \(bodies.count) commits, one event each") { head in
            let summaryBefore = try head.commit.map { try projections.summary(at: $0) } ?? StatusSummary()
            let events = stampedEvents(ids: ids, bodies: bodies, after: summaryBefore.maxStamp)
            let chain = try writeChain(events, bodies: bodies, on: head.commit, message: message)
            return (chain.commits.last!, chain.files, (events, chain.commits, summaryBefore))
        }
        let (events, commits, summaryBefore) = landed.result
        try projections.refreshCaches(
            after: VaultRepository.CommitResult(
                commit: commits.last!, parent: landed.head.commit, files: landed.files, warnings: []),
            appending: events, summaryBefore: summaryBefore)
        return zip(events, commits).map { Appended(events: [$0], commit: CommitID($1), warnings: landed.warnings) }
    }

    /// `log` for many entries at once, through `appendEach`: every type is checked first, and
    /// nothing is written when one is unknown.
    public func logEach(_ entries: [(type: String, at: LocalInstant, note: String?)]) throws -> [Appended] {
        let summary = try summary()
        for entry in entries { _ = try Self.typeInUse(entry.type, summary: summary) }
        return try appendEach(
            entries.map { .logged(type: $0.type, at: $0.at, note: $0.note.flatMap { $0.isEmpty ? nil : $0 }) }
        ) { body in
            guard case .logged(let type, let at, _) = body else { return "alog: append" }
            return "alog: log \(type) at \(at.iso8601)"
        }
    }

    /// Writes one commit per event, each on the previous, into an object batch; returns the
    /// commits in order and each touched file's final content (with its size before the chain).
    private func writeChain(
        _ events: [Event], bodies: [EventBody], on parent: ObjectID?, message: (EventBody) -> String
    ) throws -> (commits: [ObjectID], files: [VaultRepository.CommittedFile]) {
        let signature = try repo.authorSignature()
        let batch = try ObjectBatch(repositoryAt: root)
        let main = repo.openedRepository
        repo.openedRepository = batch.repository
        repo.inObjectBatch = true
        defer { (repo.openedRepository, repo.inObjectBatch) = (main, false) }
        var parent = parent
        var tree = try parent.map { try batch.repository.commit($0).tree }
        var commits: [ObjectID] = []
        var files: [String: VaultRepository.CommittedFile] = [:]
        var order: [String] = []
        for (event, body) in zip(events, bodies) {
            let written = try repo.writeCommit(
                parent: parent, baseTree: tree, edits: try appendEdits([event], base: tree),
                message: message(body) + "\n\nAlog-Events: \(event.id)", signature: signature)
            for file in written.files {
                if let first = files[file.path] {
                    files[file.path] = VaultRepository.CommittedFile(
                        path: file.path, content: file.content, blob: file.blob, previousSize: first.previousSize)
                } else {
                    files[file.path] = file
                    order.append(file.path)
                }
            }
            (parent, tree) = (written.commit, written.tree)
            commits.append(written.commit)
        }
        try batch.finish()
        return (commits, order.map { files[$0]! })
    }
}
