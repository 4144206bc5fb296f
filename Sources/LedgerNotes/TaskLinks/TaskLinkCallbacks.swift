/// The x-callback-url callbacks a task link may carry, each a validated `obsidian://…` or
/// `exocortex://…` URL, decoded (ready to open).
public struct TaskLinkCallbacks: Hashable, Sendable {
    /// `x-success`: opened when the link was handled.
    public var success: String?
    /// `x-cancel`: opened when the link was refused.
    public var cancel: String?
    /// `x-error`: opened when the link was valid but handling it failed.
    public var error: String?

    public init(success: String? = nil, cancel: String? = nil, error: String? = nil) {
        (self.success, self.cancel, self.error) = (success, cancel, error)
    }

    static let names = ["x-success", "x-cancel", "x-error"]

    /// The callbacks among `values`, each checked by `TaskLinkRules.callback`.
    init(_ values: [String: String]) throws(TaskLinkError) {
        func read(_ name: String) throws(TaskLinkError) -> String? {
            guard let value = values[name] else { return nil }
            return try TaskLinkRules.callback(value, name: name)
        }
        self.init(success: try read("x-success"), cancel: try read("x-cancel"), error: try read("x-error"))
    }

    /// The query parameters that write them (nil ones are left out).
    var parameters: [(String, String?)] { [("x-success", success), ("x-cancel", cancel), ("x-error", error)] }
}
