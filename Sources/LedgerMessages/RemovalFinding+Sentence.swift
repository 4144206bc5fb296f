package import LedgerVault

extension RemovalFinding {
    /// The warning every command prints while the finding stands.
    package var sentence: String {
        let count = "\(lines.count) committed event line\(lines.count == 1 ? "" : "s")"
        guard let from = branchWasOn else {
            return
                "commit \(removedBy.hex.prefix(12)) removed or changed \(count) in \(path); they still count, and are in history. Run 'alog repair' to write them back"
        }
        let how = canMoveBranchBack ? "moved backwards" : "was rewritten"
        let ways =
            canMoveBranchBack
            ? "Run 'alog repair --move-branch' to put the branch back on \(from.hex.prefix(12)), or 'alog repair' to write the lines back in a new commit"
            : "Run 'alog repair' to write them back in a new commit"
        return
            "the branch \(how) from commit \(from.hex.prefix(12)) to \(removedBy.hex.prefix(12)) (a reset or an edit of the branch outside alog), leaving out \(count) of \(path); they still count, and are in history. \(ways)"
    }
}
