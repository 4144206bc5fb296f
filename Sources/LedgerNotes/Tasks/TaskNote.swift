/// A task: a Markdown note whose frontmatter has `ems__Effort_status` at its top level (the
/// Exocortex plugin's efforts: tasks, projects, meetings alike).
public struct TaskNote: Hashable, Sendable {
    /// The frontmatter key that makes a note a task, and holds its status.
    public static let statusKey = "ems__Effort_status"
    /// The frontmatter key of a task's title.
    public static let labelKey = "exo__Asset_label"

    /// The note's path in the vault, `/`-separated, with its `.md`.
    public var path: String
    /// The note's file name without `.md`: how a task is named on the command line (and how
    /// Obsidian links it).
    public var id: String
    /// `exo__Asset_label` when it is a non-empty text, else the id.
    public var title: String
    public var status: EffortStatus

    /// The task at vault path `path`; `label` is its `exo__Asset_label`, if any.
    public init(path: String, label: String?, status: EffortStatus) {
        self.path = path
        self.id = Self.id(ofPath: path)
        self.status = status
        if let label, label.contains(where: { !$0.isWhitespace }) {
            self.title = label
        } else {
            self.title = id
        }
    }

    /// The file name of `path` without its directories and without `.md`.
    public static func id(ofPath path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }
}
