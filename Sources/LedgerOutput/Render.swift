import LedgerCore
import LedgerEnvironment

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shared renderings of domain values for human and JSON output.
public enum Render {
    public static func icon(_ type: String, _ types: [String: ActivityTypeDefinition]) -> String {
        types[type]?.icon ?? ActivityTypes.builtIn(type)?.icon ?? "•"
    }

    /// A timed entry's window as history shows it: where it ends (nil while it runs) and how
    /// long it ran (or has run, at `now`).
    public struct Window: Sendable {
        public var end: LocalInstant?
        public var seconds: Int64

        public init(_ interval: Timeline.Interval, now: Int64) {
            end = interval.end
            seconds = interval.seconds(now: now)
        }

        public init(end: LocalInstant?, seconds: Int64) {
            (self.end, self.seconds) = (end, seconds)
        }
    }

    /// `{"id":…,"type":…,"at":…,"date":…,"time":…,"icon":…,"note":…}` (note only when present);
    /// a timed entry adds `"end"` (absent while it runs) and `"seconds"`.
    public static func entryJSON(
        _ entry: Entry, types: [String: ActivityTypeDefinition], window: Window? = nil
    ) -> String {
        let (date, _) = entry.at.localDateAndTime
        return JSONText.object([
            ("id", JSONText.string(entry.id.description)),
            ("type", JSONText.string(entry.type)),
            ("at", JSONText.string(entry.at.iso8601)),
            ("date", JSONText.string(date.iso)),
            ("time", JSONText.string(entry.at.localTime)),
            ("icon", JSONText.string(icon(entry.type, types))),
            ("note", entry.note.map(JSONText.string)),
            ("deleted", entry.isDeleted ? "true" : nil),
            ("end", window?.end.map { JSONText.string($0.iso8601) }),
            ("seconds", window.map { String($0.seconds) }),
            ("goalSeconds", entry.goalSeconds.map { String($0) }),
        ])
    }

    /// One entry on the viewer's wall clock (see `recordedElsewhere` for the marker).
    public static func entryLine(
        _ entry: Entry, types: [String: ActivityTypeDefinition], window: Window? = nil,
        zone: any TimeZoneRules = SystemTimeZone()
    ) -> String {
        let at = viewed(entry.at, zone: zone)
        let (date, _) = at.localDateAndTime
        var line =
            "\(Terminal.bold(at.localTime))  \(date.iso)  \(Terminal.pad(icon(entry.type, types) + " " + entry.type, 14))  \(Terminal.dim(entry.id.description))"
        if let recorded = recordedElsewhere(entry.at, zone: zone) { line += "  " + Terminal.dim(recorded) }
        if let window {
            let until = window.end.map { "–" + clock($0, zone: zone) } ?? " running"
            line += "  \(until) (\(formatDuration(window.seconds)))"
        }
        if let note = entry.note { line += "  " + note }
        return line
    }

    public static func typeMap(_ types: [ActivityTypeDefinition]) -> [String: ActivityTypeDefinition] {
        Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The event's own fields as JSON members (shared by `show` and `audit`).
    public static func eventMembers(_ event: Event) -> [(String, String?)] {
        var members: [(String, String?)] = [
            ("id", JSONText.string(event.id.description)),
            ("kind", JSONText.string(event.body.kind)),
            ("device", JSONText.string(event.device)),
            ("hlc", JSONText.string(event.stamp.description)),
            ("recordedAt", JSONText.string(LocalInstant(seconds: event.wallMillis / 1000, offset: 0).iso8601)),
        ]
        switch event.body {
        case .logged(let type, let at, let note):
            members += [
                ("type", JSONText.string(type)), ("at", JSONText.string(at.iso8601)),
                ("note", note.map(JSONText.string)),
            ]
        case .edited(let target, let changes):
            members += [
                ("target", JSONText.string(target.description)), ("type", changes.type.map(JSONText.string)),
                ("at", changes.at.map { JSONText.string($0.iso8601) }), ("note", changes.note.map(JSONText.string)),
                ("end", changes.clearsEnd ? "null" : changes.end.map { JSONText.string($0.iso8601) }),
            ]
        case .started(let type, let at, let note, let goal):
            members += [
                ("type", JSONText.string(type)), ("at", JSONText.string(at.iso8601)),
                ("note", note.map(JSONText.string)), ("goalSeconds", goal.map { String($0) }),
            ]
        case .stopped(let target, let at, let note):
            members += [
                ("target", JSONText.string(target.description)), ("at", JSONText.string(at.iso8601)),
                ("note", note.map(JSONText.string)),
            ]
        case .goalSet(let type, let seconds):
            members += [("type", JSONText.string(type)), ("seconds", String(seconds))]
        case .deleted(let target), .restored(let target):
            members.append(("target", JSONText.string(target.description)))
        case .typeDefined(let definition):
            members += [
                ("name", JSONText.string(definition.name)), ("icon", JSONText.string(definition.icon)),
                ("group", JSONText.string(definition.group)), ("color", JSONText.string(definition.color)),
            ]
        }
        return members
    }

    public static func eventSummary(_ event: Event) -> String {
        switch event.body {
        case .logged(let type, let at, let note):
            "log \(type) at \(at.iso8601)" + (note.map { " “\($0)”" } ?? "")
        case .edited(let target, let changes):
            "edit \(target):"
                + [
                    changes.type.map { " type=\($0)" }, changes.at.map { " at=\($0.iso8601)" },
                    changes.note.map { " note=“\($0)”" }, changes.end.map { " end=\($0.iso8601)" },
                    changes.clearsEnd ? " end=none (runs again)" : nil,
                ].compactMap { $0 }.joined()
        case .started(let type, let at, let note, let goal):
            "start \(type) at \(at.iso8601)" + (goal.map { " goal \(formatDuration($0))" } ?? "")
                + (note.map { " “\($0)”" } ?? "")
        case .stopped(let target, let at, _): "stop \(target) at \(at.iso8601)"
        case .goalSet(let type, let seconds):
            seconds > 0 ? "daily goal of \(type): \(formatDuration(seconds))" : "daily goal of \(type) removed"
        case .deleted(let target): "delete \(target)"
        case .restored(let target): "restore \(target)"
        case .typeDefined(let definition): "define type \(definition.name) \(definition.icon)"
        }
    }
}
