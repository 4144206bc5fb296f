/// Where a task stands: the value of its `ems__Effort_status`, one of the Exocortex plugin's
/// `ems__EffortStatus…` assets.
///
/// The plugin's vocabulary (kitelev/exocortex, `EffortStatus` and `EffortStatusCanon`):
/// Draft, Backlog, Doing, Waiting, Done and Trashed, plus Analysis and To Do, which the shared
/// ontology dropped (Waiting took their place) and older notes still carry. Any other value is
/// kept as written (`other`).
public enum EffortStatus: Hashable, Sendable {
    case draft, backlog, analysis, toDo, doing, waiting, done, trashed
    /// A value that names none of the above: the link's target (or the text) as written;
    /// empty when the key has no value.
    case other(String)

    /// Every status the plugin has (had), in its lifecycle order.
    public static let known: [EffortStatus] = [.draft, .backlog, .analysis, .toDo, .doing, .waiting, .done, .trashed]

    /// The asset's name: `ems__EffortStatusDoing`; for `other`, its text.
    public var name: String {
        switch self {
        case .draft: "ems__EffortStatusDraft"
        case .backlog: "ems__EffortStatusBacklog"
        case .analysis: "ems__EffortStatusAnalysis"
        case .toDo: "ems__EffortStatusToDo"
        case .doing: "ems__EffortStatusDoing"
        case .waiting: "ems__EffortStatusWaiting"
        case .done: "ems__EffortStatusDone"
        case .trashed: "ems__EffortStatusTrashed"
        case .other(let text): text
        }
    }

    /// The value alog writes into `ems__Effort_status`: a wikilink to the asset,
    /// `[[ems__EffortStatusDoing]]`, as the plugin's own status buttons write it.
    public var wikilink: String { "[[\(name)]]" }

    /// The plugin's label: `Doing`, `To Do`; for `other`, its text without an
    /// `ems__EffortStatus` prefix.
    public var label: String {
        switch self {
        case .toDo: "To Do"
        case .other(let text): text.hasPrefix(Self.prefix) ? String(text.dropFirst(Self.prefix.count)) : text
        default: String(name.dropFirst(Self.prefix.count))
        }
    }

    /// The asset's uid in the shared ontology (the plugin's newer notes link `[[uid]]` or
    /// `[[uid|Doing]]` instead of the name).
    public var uid: String? {
        switch self {
        case .draft: "c42245d0-01de-4c35-bfcf-d910445ea28e"
        case .backlog: "753a44d5-846c-4b82-9196-4fd9a4d48777"
        case .analysis: "cde3525c-57ea-4efc-b477-2e7e7ccd3a1e"
        case .toDo: "6a0e933a-6653-46f4-95ae-ed7508177c73"
        case .doing: "027e78f4-6e16-4b36-b8fb-5510507d5745"
        case .waiting: "0610947c-6a62-41c8-9d44-7863d3ba3a8e"
        case .done: "7b9b3116-7c3c-438c-9618-94fe301320a6"
        case .trashed: "5d14f18d-db2b-4847-9ac1-144cb93b2541"
        case .other: nil
        }
    }

    static let prefix = "ems__EffortStatus"
}
