import LedgerCore
package import LedgerVault

extension RemovalFinding {
    /// The warning every command prints while the finding stands.
    package var sentence: String {
        let count = "\(lines.count) committed event line\(lines.count == 1 ? "" : "s")"
        guard let from = branchWasOn else {
            return
                "commit \(removedBy.hex.prefix(12)) removed or changed \(count) in \(path); they still count, and are in history. Run 'alog repair' to write them back"
        }
        let how = movedOnlyBackwards ? "moved backwards" : "was rewritten"
        let ways =
            canMoveBranchBack
            ? "Run 'alog repair --move-branch' to put the branch back on \(from.hex.prefix(12)), or 'alog repair' to write the lines back in a new commit"
            : movedOnlyBackwards
                ? "Commits made on the branch since keep it from being put back on \(from.hex.prefix(12)); run 'alog repair' to write the lines back in a new commit"
                : "Run 'alog repair' to write them back in a new commit"
        return
            "the branch \(how) from commit \(from.hex.prefix(12)) to \(removedBy.hex.prefix(12)) (a reset or an edit of the branch outside alog), leaving out \(count) of \(path); they still count, and are in history. \(ways)"
    }
}

extension CheckoutFinding {
    /// The note a command prints when it finds HEAD moved by a checkout (once).
    package var sentence: String {
        let now =
            toBranch.map { "branch \(DisplayText.quoted($0)) (at \(to.hex.prefix(12)))" }
            ?? "commit \(to.hex.prefix(12))"
        guard let fromBranch else {
            return
                "HEAD is now on \(now), a checkout: alog reads the ledger of that commit; nothing was removed (the entries of \(from.hex.prefix(12)) are in history)"
        }
        return
            "HEAD moved from branch \(DisplayText.quoted(fromBranch)) (at \(from.hex.prefix(12))) to \(now), a checkout: alog now reads and records the ledger of \(toBranch.map { DisplayText.quoted($0) } ?? "that commit"); \(DisplayText.quoted(fromBranch)) keeps its entries, and 'git switch \(DisplayText.escaped(fromBranch))' goes back"
    }
}

extension DetachedHead {
    /// The warning every command prints while HEAD is detached.
    package var sentence: String {
        let back =
            switchBack.map { "'git switch \(DisplayText.escaped($0))' goes back to your branch" }
            ?? "'git switch BRANCH' goes back to a branch"
        return
            "HEAD is detached at commit \(at.hex.prefix(12)) (a checkout of a commit): alog shows the ledger as of that commit and records nothing until a branch is checked out; \(back)"
    }
}
