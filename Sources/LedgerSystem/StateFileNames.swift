/// Names of files in `.git/alog/` that more than one layer looks at.
public enum StateFileNames {
    /// Present while a writer moves the branch and brings the working tree along (see the
    /// vault's `BranchIntent`); left behind only by a writer that was killed in between, and
    /// then finished by the next command that opens the vault.
    public static let branchIntent = "branch-intent"
    /// Committed event lines that a commit removed, until `alog repair` writes them back; while
    /// it exists every command warns.
    public static let removals = "removals"
}
