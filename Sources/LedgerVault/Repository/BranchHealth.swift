import LedgerGit
import LedgerGitLayout
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A branch ref that cannot be read is an error, never an empty vault.
///
/// libgit2 reads a missing branch file, and a directory in its place, as an unborn branch (a
/// repository with no commit yet), and alog used to take that for an empty ledger: `history`
/// said "no entries yet" and the next `log` made a commit without a parent, starting a new
/// history without the old entries. Whenever HEAD's branch does not resolve, the branch file
/// is inspected, and a branch that is missing although the vault has history — the caches
/// name the commit they reflect, the reflogs name the commits the branch held — is reported
/// as damaged, with `alog repair` as the fix. A repository that never had a commit stays an
/// unborn branch.
extension VaultRepository {
    /// HEAD as libgit2 resolves it, but a branch that is damaged, or missing although this
    /// vault has history, throws `VaultError.branchDamaged` instead of reading as unborn.
    /// Costs nothing more than `repository.head()` while the branch resolves.
    func branchHead() throws -> Head {
        let head: Head
        do {
            head = try repository.head()
        } catch let error as GitError {
            // libgit2 could not read the branch (an empty or garbled file, say).
            if let branch = symbolicHead(), let damage = try branchDamage(branch) { throw damage }
            if let damage = try headDamage() { throw damage }
            throw error
        }
        guard let branch = head.branch else { return head }
        // A branch naming a commit that is not there is damaged too (libgit2 resolves it).
        if let commit = head.commit, (try? repository.commit(commit)) != nil { return head }
        if let damage = try branchDamage(branch) { throw damage }
        return head
    }

    /// Runs `body`; a commit that cannot be found there is reported as the damaged branch that
    /// names it, when that is the cause (HEAD read from the refs files is not looked up first).
    func namingDamage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as GitError {
            if error.code == .notFound, let branch = symbolicHead(), let damage = try branchDamage(branch) {
                throw damage
            }
            if let damage = try headDamage() { throw damage }
            throw error
        }
    }

    /// Why `.git/HEAD` cannot be used, or nil when it names a branch (`ref: refs/…`) or a
    /// commit. libgit2 reports a damaged HEAD in its own words (`corrupted loose reference
    /// file`), or does not recognise the repository at all. A HEAD that could not be read for
    /// want of a resource (`isResourceFailure`) is no damage: that failure is thrown.
    func headDamage() throws -> VaultError? {
        let path = gitDirectory + "HEAD"
        return try Self.headProblem(path).map { .headDamaged(path: displayPath(path), reason: $0) }
    }

    /// A read that failed for want of a resource of the process or the system (open files,
    /// memory), not because of what the file is or holds: said as that, never as damage.
    static func isResourceFailure(_ failure: FileSystem.Failure) -> Bool {
        failure.code == EMFILE || failure.code == ENFILE || failure.code == ENOMEM
    }

    /// Why the HEAD file at `path` cannot be used, or nil when it names a branch or a commit.
    /// Throws the read's failure when it is a resource's (`isResourceFailure`).
    static func headProblem(_ path: String) throws -> String? {
        if FileSystem.isDirectory(path) { return "it is a directory" }
        let bytes: [UInt8]
        do {
            guard let read = try FileSystem.read(path) else { return "missing" }
            bytes = read
        } catch let failure as FileSystem.Failure {
            if isResourceFailure(failure) { throw failure }
            return "unreadable: \(failure.reason)"
        } catch {
            return "unreadable"
        }
        let line = String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
        if line.isEmpty { return "empty file" }
        if line.hasPrefix("ref: ") {
            if BranchIntent.isBranchName(line.dropFirst(5)) { return nil }
            return "it does not name a branch under refs/"
        }
        if let id = ObjectID(hex: line), id.hex != String(repeating: "0", count: 40) { return nil }
        return "it holds neither a branch nor a commit id"
    }

    /// Why the branch `name` (e.g. `refs/heads/main`) cannot be used, or nil when it is fine
    /// or genuinely unborn (missing in a vault that never had a commit).
    func branchDamage(_ name: String) throws -> VaultError? {
        let path = try repository.commonDirectory + name
        let shown = displayPath(path)
        if FileSystem.isDirectory(path) {
            return .branchDamaged(ref: shown, reason: "it is a directory")
        }
        if FileSystem.exists(path) {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(path) ?? []
            } catch let failure as FileSystem.Failure {
                if Self.isResourceFailure(failure) { throw failure }
                return .branchDamaged(ref: shown, reason: "unreadable: \(failure.reason)")
            }
            let line = bytes.prefix { $0 != 10 }
            if line.isEmpty { return .branchDamaged(ref: shown, reason: "empty file") }
            if let id = ObjectID(hex: String(decoding: line, as: UTF8.self)) {
                if (try? repository.commit(id)) == nil {
                    return .branchDamaged(
                        ref: shown, reason: "it names commit \(id.hex.prefix(12)), which is not in the object store")
                }
                return nil
            }
            if line.starts(with: Array("ref: ".utf8)) {
                // A symbolic branch: fine when it resolves (libgit2 follows it, at most 5 deep).
                if (try? repository.referenceTarget(name)) != nil { return nil }
                return .branchDamaged(ref: shown, reason: "it refers to a ref that does not resolve to a commit")
            }
            return .branchDamaged(ref: shown, reason: "it does not hold a commit id")
        }
        let packed: ObjectID?
        do {
            packed = try repository.referenceTarget(name)
        } catch {
            // `packed-refs` a directory or unreadable (found by the fuzzing harness).
            let packedRefs = displayPath(try repository.commonDirectory + "packed-refs")
            return .branchDamaged(ref: shown, reason: "missing, and \(packedRefs) cannot be read")
        }
        if packed != nil { return nil }  // packed
        // Last, the object store: a commit in it means this vault had history (rare enough a
        // path to afford reading object headers).
        guard
            let evidence = try historyEvidence(branch: name).first
                ?? repository.storedCommits(limit: 1).first.map({
                    HistoryEvidence(commit: $0, source: "the object store")
                })
        else { return nil }
        return .branchDamaged(
            ref: shown,
            reason:
                "missing, though \(evidence.source) \(evidence.source == "the object store" ? "holds" : "names") commit \(evidence.commit.hex.prefix(12))"
        )
    }

    /// The branch HEAD names, read from the `HEAD` file (libgit2 may fail on a damaged branch
    /// before saying which one it is).
    func symbolicHead() -> String? {
        guard let bytes = try? FileSystem.read(gitDirectory + "HEAD") else { return nil }
        let line = String(decoding: bytes.prefix { $0 != 10 }, as: UTF8.self)
        // A name that leaves the refs folder is no branch (repair would write there).
        guard line.hasPrefix("ref: "), BranchIntent.isBranchName(line.dropFirst(5)) else { return nil }
        return String(line.dropFirst(5))
    }

    /// A commit that shows this vault had history, and where it was found.
    struct HistoryEvidence {
        var commit: ObjectID
        var source: String
    }

    /// Commits this clone knows the branch held, the best first: the caches' commits (what alog
    /// last folded), then the branch's reflog and HEAD's reflog, newest first.
    func historyEvidence(branch: String) throws -> [HistoryEvidence] {
        var found: [HistoryEvidence] = []
        for (path, source) in [
            (stateFiles.stateCache, "the state cache"), (stateFiles.summaryCache, "the summary cache"),
        ] {
            if let id = cacheKey(path) { found.append(HistoryEvidence(commit: id, source: source)) }
        }
        let common = try repository.commonDirectory
        for (path, source) in [
            (common + "logs/" + branch, "the branch's reflog"), (gitDirectory + "logs/HEAD", "HEAD's reflog"),
        ] {
            for id in Self.reflogCommits(path) { found.append(HistoryEvidence(commit: id, source: source)) }
        }
        return found
    }

    /// The commit id on the first line of a cache file, read without the rest of the file.
    func cacheKey(_ path: String) -> ObjectID? {
        guard let bytes = try? FileSystem.readHead(path, count: 41) else { return nil }
        return ObjectID(hex: String(decoding: bytes.prefix(40), as: UTF8.self))
    }

    /// The new ids of a reflog's entries (`<old> <new> <who> <when>\t<message>`), newest first;
    /// the all-zero id (a deletion) is left out.
    static func reflogCommits(_ path: String) -> [ObjectID] {
        guard let bytes = try? FileSystem.read(path) else { return [] }
        var ids: [ObjectID] = []
        for line in bytes.split(separator: 10).reversed() where line.count > 81 {
            let hex = String(decoding: line[(line.startIndex + 41)..<(line.startIndex + 81)], as: UTF8.self)
            if let id = ObjectID(hex: hex), hex != String(repeating: "0", count: 40), !ids.contains(id) {
                ids.append(id)
            }
        }
        return ids
    }

    /// `path` relative to the vault's root when it is inside it (`.git/refs/heads/main`).
    func displayPath(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
