/// `exocortex://task/complete?id=…[&vaultName=…][&x-success=…][&x-cancel=…][&x-error=…]`: a
/// task (a note of the vault) is done.
public struct TaskCompleteLink: Hashable, Sendable {
    /// The task note's file name without `.md`: `^[a-zA-Z0-9-]+$`, at most 255 characters.
    public var id: String
    /// The Obsidian vault the task note is in, when the link says.
    public var vaultName: String?
    public var callbacks: TaskLinkCallbacks

    public init(id: String, vaultName: String? = nil, callbacks: TaskLinkCallbacks = TaskLinkCallbacks()) {
        (self.id, self.vaultName, self.callbacks) = (id, vaultName, callbacks)
    }

    /// The link as a URL, every value percent-encoded (all but RFC 3986's unreserved
    /// characters): `TaskLink.parse` reads it back to this value whenever the values keep
    /// its rules.
    public var url: String {
        "exocortex://task/complete?" + URLText.query([("id", id), ("vaultName", vaultName)] + callbacks.parameters)
    }

    /// The link the decoded `values` make, each checked by its rule in the order of `url`.
    init(_ values: [String: String], vaultName expected: String?) throws(TaskLinkError) {
        guard let id = values["id"] else {
            throw TaskLinkError(
                .missingParameter, "id",
                "a complete link needs id; accepted: exocortex://task/complete?id=… (vaultName, x-success, x-cancel, x-error optional)"
            )
        }
        var vaultName: String?
        let checkedID = try TaskLinkRules.id(id)
        if let given = values["vaultName"] { vaultName = try TaskLinkRules.vaultName(given, expected: expected) }
        self.init(id: checkedID, vaultName: vaultName, callbacks: try TaskLinkCallbacks(values))
    }
}
