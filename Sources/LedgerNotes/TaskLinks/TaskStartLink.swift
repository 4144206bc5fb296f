public import LedgerCore

/// `exocortex://task/start?id=…&title=…&startTime=…&vaultName=…[&x-success=…][&x-cancel=…]
/// [&x-error=…]`: a task (a note of the vault) has started.
public struct TaskStartLink: Hashable, Sendable {
    /// The task note's file name without `.md`: `^[a-zA-Z0-9-]+$`, at most 255 characters.
    public var id: String
    /// The task's label: 1 to 500 characters, not only spaces, no control characters.
    public var title: String
    /// When the task started, with the UTC offset the link wrote (whole seconds).
    public var startTime: LocalInstant
    /// The Obsidian vault the task note is in.
    public var vaultName: String
    public var callbacks: TaskLinkCallbacks

    public init(
        id: String, title: String, startTime: LocalInstant, vaultName: String,
        callbacks: TaskLinkCallbacks = TaskLinkCallbacks()
    ) {
        (self.id, self.title, self.startTime, self.vaultName, self.callbacks) =
            (id, title, startTime, vaultName, callbacks)
    }

    static let required = ["id", "title", "startTime", "vaultName"]

    /// The link as a URL, every value percent-encoded (all but RFC 3986's unreserved
    /// characters) and `startTime` written as `LocalInstant.iso8601`: `TaskLink.parse` reads
    /// it back to this value whenever the values keep its rules.
    public var url: String {
        "exocortex://task/start?"
            + URLText.query(
                [("id", id), ("title", title), ("startTime", startTime.iso8601), ("vaultName", vaultName)]
                    + callbacks.parameters)
    }

    /// The link the decoded `values` make, each checked by its rule in the order of `url`.
    init(_ values: [String: String], now: Int64, vaultName expected: String?) throws(TaskLinkError) {
        let missing = Self.required.filter { values[$0] == nil }
        guard missing.isEmpty, let id = values["id"], let title = values["title"],
            let startTime = values["startTime"], let vaultName = values["vaultName"]
        else {
            throw TaskLinkError(
                .missingParameter, missing.first,
                "a start link needs \(missing.joined(separator: ", ")); accepted: exocortex://task/start?id=…&title=…&startTime=…&vaultName=… (x-success, x-cancel, x-error optional)"
            )
        }
        self.init(
            id: try TaskLinkRules.id(id), title: try TaskLinkRules.title(title),
            startTime: try TaskLinkRules.startTime(startTime, now: now),
            vaultName: try TaskLinkRules.vaultName(vaultName, expected: expected),
            callbacks: try TaskLinkCallbacks(values))
    }
}
