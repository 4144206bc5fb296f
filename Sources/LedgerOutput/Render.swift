package import LedgerCore
internal import LedgerEnvironment

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shared renderings of domain values for human and JSON output.
package enum Render {
    package static func icon(_ type: String, _ types: [String: ActivityTypeDefinition]) -> String {
        types[type]?.icon ?? ActivityTypes.builtIn(type)?.icon ?? "•"
    }

    /// A type's icon and name as human output shows them: escaped (an icon can come from
    /// another device by sync), the icon cut to `iconWidth` columns.
    package static func label(_ type: String, _ types: [String: ActivityTypeDefinition]) -> String {
        DisplayText.line(icon(type, types), width: iconWidth) + " " + DisplayText.escaped(type)
    }

    /// The most columns an icon takes in human output: 4 wide characters, or an escaped one.
    package static let iconWidth = 16

    /// A note as one-line views show it: escaped, a line break as `⏎`, cut to `noteWidth`
    /// columns.
    package static func note(_ note: String) -> String { DisplayText.line(note, width: noteWidth) }

    /// The most columns of a note that one-line views show.
    package static let noteWidth = 100

    /// A timed entry's window as history shows it: where it ends (nil while it runs) and how
    /// long it ran (or has run, at `now`).
    package struct Window: Sendable {
        package var end: LocalInstant?
        package var seconds: Int64

        package init(_ interval: Timeline.Interval, now: Int64) {
            end = interval.end
            seconds = interval.seconds(now: now)
        }

        package init(end: LocalInstant?, seconds: Int64) {
            (self.end, self.seconds) = (end, seconds)
        }
    }

    /// `{"id":…,"type":…,"at":…,"date":…,"time":…,"icon":…,"note":…}` (note only when present);
    /// a timed entry adds `"end"` (absent while it runs) and `"seconds"`; a tagged one `"tags"`.
    package static func entryJSON(
        _ entry: Entry, types: [String: ActivityTypeDefinition], window: Window? = nil
    ) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        appendEntryJSON(entry, types: types, window: window, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `entryJSON`'s bytes, appended: what `history --json` writes a million times.
    package static func appendEntryJSON(
        _ entry: Entry, types: [String: ActivityTypeDefinition], window: Window?, to bytes: inout [UInt8]
    ) {
        // A key with its punctuation, e.g. `,"type":`, appended as one piece.
        func key(_ literal: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }
        func quoted(_ body: (inout [UInt8]) -> Void) {
            bytes.append(UInt8(ascii: "\""))
            body(&bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        let (date, second) = entry.at.localDateAndTime
        key("{\"id\":\"")
        entry.id.appendDescription(to: &bytes)
        key("\",\"type\":")
        JSONText.appendString(entry.type, to: &bytes)
        key(",\"at\":")
        quoted { entry.at.appendISO8601(to: &$0) }
        key(",\"date\":")
        quoted { date.appendISO(to: &$0) }
        key(",\"time\":")
        quoted { LocalInstant.appendClock(second, seconds: false, to: &$0) }
        key(",\"icon\":")
        JSONText.appendString(icon(entry.type, types), to: &bytes)
        if let note = entry.note {
            key(",\"note\":")
            JSONText.appendString(note, to: &bytes)
        }
        if entry.isDeleted { key(",\"deleted\":true") }
        if let end = window?.end {
            key(",\"end\":")
            quoted { end.appendISO8601(to: &$0) }
        }
        if let window {
            key(",\"seconds\":")
            JSONText.appendNumber(window.seconds, to: &bytes)
        }
        if let goal = entry.goalSeconds {
            key(",\"goalSeconds\":")
            JSONText.appendNumber(goal, to: &bytes)
        }
        if let task = entry.task {
            key(",\"task\":")
            JSONText.appendString(task.path, to: &bytes)
            key(",\"taskTitle\":")
            JSONText.appendString(task.title, to: &bytes)
        }
        if !entry.tags.isEmpty {
            key(",\"tags\":[")
            for (n, tag) in entry.tags.enumerated() {
                if n > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONText.appendString(tag, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// One entry on the viewer's wall clock: time, date, type, id, then a timed entry's window
    /// (padded to `windowWidth` columns when more follows, so a table's markers and notes line
    /// up), the zone marker (`recordedElsewhere`, or the offset of a repeated hour), the note.
    package static func entryLine(
        _ entry: Entry, types: [String: ActivityTypeDefinition], window: Window? = nil, windowWidth: Int = 0,
        zone: any TimeZoneRules = SystemTimeZone()
    ) -> String {
        let at = viewed(entry.at, zone: zone)
        let (date, _) = at.localDateAndTime
        var line =
            "\(Terminal.bold(at.localTime))  \(date.iso)  \(Terminal.pad(label(entry.type, types), 14))  \(Terminal.dim(entry.id.description))"
        var rest: [String] = []
        if let marker = recordedElsewhere(entry.at, zone: zone) ?? repeatedHour(entry.at, zone: zone) {
            rest.append(Terminal.dim(marker))
        }
        if let task = entry.task { rest.append(taskLabel(task)) }
        if !entry.tags.isEmpty { rest.append(tags(entry.tags)) }
        if let note = entry.note { rest.append(Self.note(note)) }
        let windowText = window.map { windowColumn($0, start: entry.at, zone: zone) } ?? ""
        if !windowText.isEmpty || (windowWidth > 0 && !rest.isEmpty) {
            line += "  " + (rest.isEmpty ? windowText : Terminal.pad(windowText, windowWidth))
        }
        if !rest.isEmpty { line += "  " + rest.joined(separator: "  ") }
        return line
    }

    /// A task timer's task as lines show it beside the timer: `▸ Fix bug #123`.
    package static func taskLabel(_ task: TaskRef) -> String {
        "▸ " + DisplayText.line(task.title, width: 60)
    }

    /// A timed entry's window as a history row shows it: `–10:30 (1h 30m)`, with the end's
    /// date when it ends on another day than it starts (`–00:45 2026-11-25 (1h)`), or
    /// `running (40m)`; under an hour with its seconds (`(12m 30s)`, `(7s)`).
    package static func windowColumn(_ window: Window, start: LocalInstant, zone: any TimeZoneRules = SystemTimeZone())
        -> String
    {
        let length = "(\(formatTrackedDuration(window.seconds)))"
        guard let end = window.end else { return "running \(length)" }
        let endDate = date(end, zone: zone)
        let day = endDate == date(start, zone: zone) ? "" : " " + endDate
        return "–\(clock(end, zone: zone))\(day) \(length)"
    }

    /// `(+02:00)`: the viewer's offset at `at`, when its wall time happens twice (the hour
    /// repeated when the clocks go back), so the two can be told apart; nil otherwise.
    package static func repeatedHour(_ at: LocalInstant, zone: any TimeZoneRules = SystemTimeZone()) -> String? {
        let viewed = viewed(at, zone: zone)
        guard case .ambiguous = zone.resolve(local: viewed.seconds + Int64(viewed.offset)) else { return nil }
        return "(\(LocalInstant.offsetLabel(viewed.offset)))"
    }

    package static func typeMap(_ types: [ActivityTypeDefinition]) -> [String: ActivityTypeDefinition] {
        Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The event's own fields as JSON members (shared by `show` and `audit`).
    package static func eventMembers(_ event: Event) -> [(String, String?)] {
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
        case .started(let type, let at, let note, let goal, let task, _):
            members += [
                ("type", JSONText.string(type)), ("at", JSONText.string(at.iso8601)),
                ("note", note.map(JSONText.string)), ("goalSeconds", goal.map { String($0) }),
                ("task", task.map { JSONText.string($0.path) }), ("title", task.map { JSONText.string($0.title) }),
            ]
        case .stopped(let target, let at, let note):
            members += [
                ("target", JSONText.string(target.description)), ("at", JSONText.string(at.iso8601)),
                ("note", note.map(JSONText.string)),
            ]
        case .goalSet(let type, let seconds):
            members += [("type", JSONText.string(type)), ("seconds", String(seconds))]
        case .favoriteSet(let type, let on):
            members += [("type", JSONText.string(type)), ("on", on ? "true" : "false")]
        case .orderSet(let types):
            members.append(("types", JSONText.array(types.map(JSONText.string))))
        case .renamed(let from, let to):
            members += [("type", JSONText.string(from)), ("to", JSONText.string(to))]
        case .deleted(let target), .restored(let target):
            members.append(("target", JSONText.string(target.description)))
        case .tagged(let target, let tags, _):
            members += [
                ("target", JSONText.string(target.description)), ("tags", JSONText.array(tags.map(JSONText.string))),
            ]
        case .typeDefined(let definition):
            members += [
                ("name", JSONText.string(definition.name)), ("icon", JSONText.string(definition.icon)),
                ("group", JSONText.string(definition.group)), ("color", JSONText.string(definition.color)),
                ("archived", definition.archived ? "true" : nil),
            ]
        }
        return members
    }

    /// Tags as the user types them: `+deep +"Deep Focus"` (quoted when a tag holds a space),
    /// escaped for the terminal.
    package static func tags(_ tags: [String]) -> String {
        tags.map { tag in
            let shown = DisplayText.escaped(tag)
            return tag.unicodeScalars.contains(where: \.properties.isWhitespace) ? "+\"\(shown)\"" : "+" + shown
        }.joined(separator: " ")
    }

    /// A type and its tags as a confirmation names them: `code +deep +client-x`, or the type alone.
    package static func typed(_ type: String, tags: [String]) -> String {
        tags.isEmpty ? type : type + " " + Self.tags(tags)
    }

    package static func eventSummary(_ event: Event) -> String {
        let shown = { (text: String) in DisplayText.escaped(text) }
        return switch event.body {
        case .logged(let type, let at, let note):
            "log \(shown(type)) at \(at.iso8601)" + (note.map { " “\(Self.note($0))”" } ?? "")
        case .edited(let target, let changes):
            "edit \(target):"
                + [
                    changes.type.map { " type=\(shown($0))" }, changes.at.map { " at=\($0.iso8601)" },
                    changes.note.map { " note=“\(Self.note($0))”" }, changes.end.map { " end=\($0.iso8601)" },
                    changes.clearsEnd ? " end=none (runs again)" : nil,
                ].compactMap { $0 }.joined()
        case .started(let type, let at, let note, let goal, let task, _):
            "start \(shown(type)) at \(at.iso8601)" + (goal.map { " goal \(formatDuration($0))" } ?? "")
                + (task.map { " task “\(shown($0.title))” (\(shown($0.path)))" } ?? "")
                + (note.map { " “\(Self.note($0))”" } ?? "")
        case .stopped(let target, let at, _): "stop \(target) at \(at.iso8601)"
        case .goalSet(let type, let seconds):
            seconds > 0
                ? "daily goal of \(shown(type)): \(formatDuration(seconds))" : "daily goal of \(shown(type)) removed"
        case .favoriteSet(let type, let on): on ? "favorite \(shown(type))" : "not a favorite: \(shown(type))"
        case .orderSet(let types):
            types.isEmpty ? "types listed by name" : "type order: " + types.map(shown).joined(separator: " ")
        case .renamed(let from, let to): "rename type \(shown(from)) to \(shown(to))"
        case .deleted(let target): "delete \(target)"
        case .restored(let target): "restore \(target)"
        case .tagged(let target, let tags, let on): "\(on ? "tag" : "untag") \(target) \(Self.tags(tags))"
        case .typeDefined(let definition):
            (definition.archived ? "remove type " : "define type ")
                + "\(shown(definition.name)) \(DisplayText.line(definition.icon, width: iconWidth))"
        }
    }
}
