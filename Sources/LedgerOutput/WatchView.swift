package import LedgerCore

/// The frames of `alog watch`: the running timer with its goal bar, remaining time and
/// projected finish; today's goals; awake/asleep and meal timers; the last entries. Pure: the
/// command redraws what this returns, once a second.
package enum WatchView {
    /// The lines of one frame, each at most `columns` wide, at most `rows` of them.
    package static func frame(
        _ summary: StatusSummary, now: Int64, zone: any TimeZoneRules, columns: Int, rows: Int, message: String? = nil
    ) -> [String] {
        let types = Render.typeMap(summary.allTypes)
        let clock = zone.localInstant(at: now)
        var lines: [String] = []
        let keys = "q quit · s stop · r resume"
        let title =
            "alog watch · \(clock.localDateAndTime.date.iso) \(LocalInstant.clock(clock.localDateAndTime.secondOfDay, seconds: true))"
        let gap = max(2, columns - Terminal.displayWidth(title) - Terminal.displayWidth(keys))
        lines.append(Terminal.bold(title) + String(repeating: " ", count: gap) + Terminal.dim(keys))
        lines.append("")
        if let running = TimerView.running(summary, now: now, zone: zone) {
            lines.append(TimerView.runningLine(running, types: types, zone: zone))
            if let goal = running.entry.goalSeconds {
                lines.append("    " + bar(done: running.seconds, of: goal, width: max(10, min(40, columns - 20))))
            }
        } else {
            lines.append("  " + Terminal.dim("no timer running — 'alog start TYPE', or r to resume"))
        }
        let goals = TimerView.goals(summary, now: now, zone: zone)
        if !goals.isEmpty {
            lines.append("")
            lines.append(Terminal.bold("Today's goals"))
            for goal in goals {
                lines.append(TimerView.goalLine(goal))
                lines.append(
                    "    " + bar(done: goal.todaySeconds, of: goal.goalSeconds, width: max(10, min(40, columns - 20))))
            }
        }
        lines.append("")
        let timers = Timers(summary: summary, now: now)
        if let (state, since) = timers.conscious {
            lines.append("  \(state == .awake ? "☀️ Awake " : "🌙 Asleep")  \(formatDuration(since.seconds))")
        }
        if let meal = timers.sinceMeal { lines.append("  🍽️ Meal    \(formatDuration(meal.seconds)) ago") }
        let latest = summary.latest.sorted { $0.value.at.seconds > $1.value.at.seconds }
        if !latest.isEmpty {
            lines.append("")
            lines.append(Terminal.bold("Last entries"))
            for (type, entry) in latest.prefix(max(1, rows - lines.count - 3)) {
                lines.append(
                    "  \(Terminal.pad(Render.label(type, types), 14))  \(Render.clockMarked(entry.at, zone: zone))  \(Terminal.dim(formatDuration(now - entry.at.seconds) + " ago"))"
                )
            }
        }
        if let message {
            lines.append("")
            lines.append(Terminal.yellow(DisplayText.escaped(message)))
        }
        return Array(lines.prefix(rows)).map { Terminal.truncate($0, to: columns) }
    }

    /// `[██████░░░░] 60%`
    package static func bar(done: Int64, of total: Int64, width: Int) -> String {
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "] "
            + "\(total > 0 ? done * 100 / total : 0)%"
    }

    /// One line for a log that is not a terminal: printed when something changed.
    package static func line(_ summary: StatusSummary, now: Int64, zone: any TimeZoneRules) -> String {
        var parts = [zone.localInstant(at: now).iso8601]
        if let running = TimerView.running(summary, now: now, zone: zone) {
            var text =
                "running \(DisplayText.escaped(running.entry.type)) since \(Render.clock(running.since, zone: zone)) (\(formatDuration(running.seconds)))"
            if let goalAt = running.goalAt, (running.remaining ?? 0) > 0 { text += ", goal at \(goalAt.localTime)" }
            if let task = running.entry.task { text += ", task \(DisplayText.quoted(task.title))" }
            parts.append(text)
        } else {
            parts.append("no timer running")
        }
        let timers = Timers(summary: summary, now: now)
        if let (state, since) = timers.conscious { parts.append("\(state.rawValue) \(formatDuration(since.seconds))") }
        if let meal = timers.sinceMeal { parts.append("meal \(formatDuration(meal.seconds)) ago") }
        if let last = timers.sinceAny {
            parts.append("last \(DisplayText.escaped(last.type)) at \(Render.clock(last.at, zone: zone))")
        }
        return parts.joined(separator: " · ")
    }
}
