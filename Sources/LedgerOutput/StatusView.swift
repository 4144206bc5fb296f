package import LedgerCore
internal import LedgerEnvironment
internal import LedgerSystem

/// What `alog status` prints, from a `StatusSummary`: shared by the full CLI and by the front,
/// which answers `status` itself when the summary cache is current.
package enum StatusView {
    /// The whole output for `now`, in the form asked for.
    package static func render(_ summary: StatusSummary, json: Bool, now: Int64) -> String {
        let board = Board(summary, now: now, zone: SystemTimeZone())
        return json
            ? Self.json(summary, board, now: now)
            : human(summary, board, types: Render.typeMap(summary.allTypes), now: now)
    }

    /// What `status` counts at one moment: the timers, the running timer and today's goals
    /// (the web's Today page renders the same).
    package struct Board: Sendable {
        package var timers: Timers
        package var running: TimerView.Running?
        package var goals: [TimerView.Goal]

        package init(_ summary: StatusSummary, now: Int64, zone: any TimeZoneRules) {
            timers = Timers(summary: summary, now: now)
            running = TimerView.running(summary, now: now, zone: zone)
            goals = TimerView.goals(summary, now: now, zone: zone)
        }
    }

    package static func sinceJSON(_ since: Timers.Since?, extra: [(String, String?)] = []) -> String {
        guard let since else { return "null" }
        return JSONText.object(
            extra + [
                ("type", JSONText.string(since.type)),
                ("since", JSONText.string(since.at.iso8601)),
                ("seconds", String(since.seconds)),
                ("text", JSONText.string(since.text)),
                ("entry", JSONText.string(since.entryID.description)),
            ])
    }

    package static func json(_ summary: StatusSummary, _ board: Board, now: Int64) -> String {
        let timers = board.timers
        let lastKnown = LastKnownActivities.encode(summary.lastKnownActivities, spaced: false)
        return JSONText.object([
            ("now", JSONText.string(SystemTimeZone().localInstant(at: now).iso8601)),
            (
                "conscious",
                sinceJSON(
                    timers.consciousSince,
                    extra: [("state", timers.conscious.map { JSONText.string($0.state.rawValue) })])
            ),
            ("meal", sinceJSON(timers.sinceMeal)),
            ("lastEntry", sinceJSON(timers.sinceAny)),
            ("lastKnownActivities", String(decoding: lastKnown, as: UTF8.self)),
            ("running", TimerView.runningJSON(board.running)),
            ("goals", JSONText.array(board.goals.map(TimerView.goalJSON))),
        ])
    }

    package static func human(
        _ summary: StatusSummary, _ board: Board, types: [String: ActivityTypeDefinition], now: Int64,
        zone: any TimeZoneRules = SystemTimeZone()
    )
        -> String
    {
        let timers = board.timers
        var lines = [Terminal.bold("Activities")]
        func row(_ icon: String, _ label: String, _ since: Timers.Since?, _ detail: (Timers.Since) -> String) {
            guard let since else {
                lines.append("  \(Terminal.pad(icon + " " + label, 14))  \(Terminal.dim("—"))")
                return
            }
            lines.append(
                "  \(Terminal.pad(icon + " " + label, 14))  \(Terminal.pad(Terminal.green(since.text), 8))  \(Terminal.dim(detail(since)))"
            )
        }
        if let (state, since) = timers.conscious {
            row(state == .awake ? "☀️" : "🌙", state == .awake ? "Awake" : "Asleep", since) {
                "since \(Render.clockAndDate($0.at, zone: zone))"
            }
        } else {
            row("☀️", "Awake", nil) { _ in "" }
        }
        row("🍽️", "Meal", timers.sinceMeal) { "since \(Render.clockAndDate($0.at, zone: zone))" }
        row("⏱️", "Last entry", timers.sinceAny) {
            "\(DisplayText.escaped($0.type)) at \(Render.clockAndDate($0.at, zone: zone))"
        }
        if let running = board.running {
            lines.append("")
            lines.append(Terminal.bold("Timer"))
            lines.append(TimerView.runningLine(running, types: types, zone: zone))
        }
        let goals = board.goals
        if !goals.isEmpty {
            lines.append("")
            lines.append(Terminal.bold("Today's goals"))
            lines += goals.map(TimerView.goalLine)
        }
        if !summary.latest.isEmpty {
            lines.append("")
            lines.append(Terminal.bold("Last known"))
            for (type, latest) in summary.latest.sorted(by: { $0.value.at.seconds > $1.value.at.seconds }) {
                let at = Render.viewed(latest.at, zone: zone)
                var line =
                    "  \(Terminal.pad(Render.label(type, types), 14))  \(at.localTime)  \(at.localDateAndTime.date.iso)  \(Terminal.dim(formatDuration(now - latest.at.seconds) + " ago"))"
                if let recorded = Render.recordedElsewhere(latest.at, zone: zone) {
                    line += "  " + Terminal.dim(recorded)
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
