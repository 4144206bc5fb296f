import LedgerGit
import LedgerGitLayout
import LedgerSystem

/// What a writer is about to do to the branch: written to `.git/alog/branch-intent` under
/// `write.lock` just before the branch moves, removed once the working tree and index follow.
/// Whoever takes `write.lock` and still finds it knows the writer that wrote it was killed in
/// between, since a live writer would still hold the lock.
struct BranchIntent: Equatable {
    private static let header = BranchIntentFile.header

    /// The reference being moved, e.g. `refs/heads/main`.
    var branch: String
    /// Where it pointed before (nil: it did not exist).
    var from: ObjectID?
    /// Where it is being moved to.
    var to: ObjectID

    var encoded: [UInt8] {
        BranchIntentFile.encode(branch: branch, from: from?.hex, to: to.hex)
    }

    /// Nil for anything but a whole intent (a file cut short never names a commit).
    init?(decoding bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 5, lines[0] == Self.header, Self.isBranchName(lines[1]), lines[4].isEmpty,
            let to = ObjectID(hex: lines[3])
        else { return nil }
        branch = String(lines[1])
        if lines[2] == "-" {
            from = nil
        } else {
            guard let from = ObjectID(hex: lines[2]) else { return nil }
            self.from = from
        }
        self.to = to
    }

    /// A ref name under `refs/` that stays inside the refs folder and names no lock: no empty,
    /// `.`-led or `.`-ended component, no `..` or `@{`, no component ending in `.lock`, none of git's forbidden bytes.
    /// A damaged intent naming `refs/heads/../../x` must not make the repair remove
    /// `x.lock` outside the repository.
    static func isBranchName(_ name: Substring) -> Bool {
        guard name.hasPrefix("refs/"), !name.hasSuffix("/") else { return false }
        let forbidden: Set<UInt8> = [32, 126, 94, 58, 63, 42, 91, 92, 127]
        guard name.utf8.allSatisfy({ $0 >= 32 && !forbidden.contains($0) }) else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.hasPrefix(".") && !$0.hasSuffix(".") && !$0.hasSuffix(".lock") && !$0.contains("..")
                && !$0.contains("@{")
        }
    }

    init(branch: String, from: ObjectID?, to: ObjectID) {
        self.branch = branch
        self.from = from
        self.to = to
    }
}
