import LedgerCore

/// The URIs of Obsidian's Advanced URI plugin that the task links need: a note's frontmatter
/// set from outside Obsidian.
public enum AdvancedURI {
    /// The frontmatter key of a task's status, and its value once done.
    public static let statusKey = "ems__Effort_status"
    public static let doneStatus = "[[ems__EffortStatusDone]]"

    /// `obsidian://x-callback-url/advanced-uri?vault=…&filepath=…&frontmatter=…[&x-success=…]`:
    /// sets each of `frontmatter`'s keys to its value in the note at `filepath` (relative to
    /// the vault, with `.md`). The frontmatter is a JSON object in the seed's layout
    /// (`{"key": "value", …}`, strings escaped as JSON); every value is percent-encoded (all
    /// but RFC 3986's unreserved characters).
    public static func settingFrontmatter(
        vault: String, filepath: String, frontmatter: [(key: String, value: String)], success: String? = nil
    ) -> String {
        let json =
            "{" + frontmatter.map { JSONText.string($0.key) + ": " + JSONText.string($0.value) }.joined(separator: ", ")
            + "}"
        return "obsidian://x-callback-url/advanced-uri?"
            + URLText.query([("vault", vault), ("filepath", filepath), ("frontmatter", json), ("x-success", success)])
    }

    /// The seed's completion: the task note's status set to done,
    /// `{"ems__Effort_status": "[[ems__EffortStatusDone]]"}`. The seed's task note is
    /// `<id>.md` at the vault's root; `success` is the seed's `exocortex://task/completed`.
    public static func completion(vault: String, filepath: String, success: String? = nil) -> String {
        settingFrontmatter(vault: vault, filepath: filepath, frontmatter: [(statusKey, doneStatus)], success: success)
    }
}
