import LedgerGit

extension GitError {
    /// libgit2's failure in alog's words (`description`), with the CLI's own way out where
    /// there is one: `alog repair` restores alog's branch, `alog sync` brings missing objects
    /// back from a remote.
    package var sentence: String {
        switch area {
        case .reference:
            "\(problem); \(Self.referenceRemedy); for alog's branch, 'alog repair' restores it. Nothing was written"
        case .objectStore:
            "\(problem); \(Self.objectStoreRemedy) (or 'alog sync' from a remote that has it). Nothing was written"
        case .head, .other: description
        }
    }
}
