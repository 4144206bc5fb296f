package import LedgerCore
import LedgerEnvironment

/// The running timer and the daily goals as `status`, `goals` and `watch` show them, from the
/// status summary (its recent timers and goals), so the front can print them without git.
package enum TimerView {
    /// The running timer at `now`.
    package struct Running: Sendable {
        package var entry: Entry
        package var since: LocalInstant
        package var seconds: Int64
        /// The goal's clock time, while it is ahead.
        package var goalAt: LocalInstant?
        package var remaining: Int64?
    }

    package static func running(_ summary: StatusSummary, now: Int64, zone: any TimeZoneRules) -> Running? {
        guard let interval = summary.timeline.running else { return nil }
        let seconds = interval.seconds(now: now)
        var report = Running(entry: interval.entry, since: interval.start, seconds: seconds)
        if let goal = interval.entry.goalSeconds {
            report.remaining = max(0, goal - seconds)
            report.goalAt = zone.localInstant(at: interval.start.seconds + goal)
        }
        return report
    }

    /// A daily goal and today's total against it.
    package struct Goal: Sendable {
        package var type: String
        package var goalSeconds: Int64
        package var todaySeconds: Int64
        /// When the goal is reached if the running timer (of this type) keeps running; nil when
        /// that would be after midnight (the next day's total starts again from zero).
        package var reachedAt: LocalInstant?
        package var running: Bool
        /// The timer of this type runs, but today ends before the goal is reached.
        package var outOfReachToday = false
    }

    package static func goals(_ summary: StatusSummary, now: Int64, zone: any TimeZoneRules) -> [Goal] {
        // Most vaults set no goal: then `status` (the front's warm one too) reads no settings file.
        guard !summary.dailyGoals.isEmpty else { return [] }
        let day = UserCalendar.current(zone: zone).day(containing: now)
        let timeline = summary.timeline
        let totals = timeline.totals(from: day.start, to: day.end, now: now)
        let running = timeline.running?.entry.type
        return summary.dailyGoals.sorted { $0.key < $1.key }.map { type, goal in
            let today = totals[type] ?? 0
            var item = Goal(type: type, goalSeconds: goal, todaySeconds: today, running: running == type)
            if item.running, today < goal {
                let reached = now + goal - today
                if reached < day.end {
                    item.reachedAt = zone.localInstant(at: reached)
                } else {
                    item.outOfReachToday = true
                }
            }
            return item
        }
    }

    package static func runningJSON(_ running: Running?) -> String {
        guard let running else { return "null" }
        return JSONText.object([
            ("entry", JSONText.string(running.entry.id.description)),
            ("type", JSONText.string(running.entry.type)),
            ("since", JSONText.string(running.since.iso8601)),
            ("seconds", String(running.seconds)),
            ("text", JSONText.string(formatDuration(running.seconds))),
            ("goalSeconds", running.entry.goalSeconds.map { String($0) }),
            ("goalAt", running.goalAt.map { JSONText.string($0.iso8601) }),
            ("task", running.entry.task.map { JSONText.string($0.path) }),
            ("taskTitle", running.entry.task.map { JSONText.string($0.title) }),
        ])
    }

    package static func goalJSON(_ goal: Goal) -> String {
        JSONText.object([
            ("type", JSONText.string(goal.type)),
            ("goalSeconds", String(goal.goalSeconds)),
            ("todaySeconds", String(goal.todaySeconds)),
            ("text", JSONText.string(goalText(goal))),
            ("running", goal.running ? "true" : "false"),
            ("reachedAt", goal.reachedAt.map { JSONText.string($0.iso8601) }),
            ("reachableToday", goal.outOfReachToday ? "false" : nil),
        ])
    }

    /// `45m of 1h`.
    package static func goalText(_ goal: Goal) -> String {
        "\(formatDuration(goal.todaySeconds)) of \(formatDuration(goal.goalSeconds))"
    }

    /// `▶ reading  1h 40m  since 09:20 · goal 2h: 20m left, at 11:20`
    package static func runningLine(
        _ running: Running, types: [String: ActivityTypeDefinition], zone: any TimeZoneRules
    ) -> String {
        var line =
            "  \(Terminal.pad("▶ " + Render.label(running.entry.type, types), 16))  \(Terminal.pad(Terminal.green(formatTrackedDuration(running.seconds)), 8))  "
        var detail = "since \(Render.clockMarked(running.since, zone: zone))"
        if let goal = running.entry.goalSeconds, let remaining = running.remaining, let goalAt = running.goalAt {
            // The goal's clock time, with its date when that is not today.
            let at = LocalCalendar(zone: zone).clock(goalAt.seconds, now: running.since.seconds + running.seconds)
            detail +=
                remaining > 0
                ? " · goal \(formatDuration(goal)): \(formatDuration(remaining)) left, at \(at)"
                : " · goal \(formatDuration(goal)) reached at \(at)"
        }
        line += Terminal.dim(detail)
        if let task = running.entry.task { line += "  " + Render.taskLabel(task) }
        return line
    }

    /// `reading   45m of 1h  75%  · reached at 11:05 if it keeps running`
    package static func goalLine(_ goal: Goal) -> String {
        let percent = goal.goalSeconds > 0 ? goal.todaySeconds * 100 / goal.goalSeconds : 0
        var line =
            "  \(Terminal.pad(DisplayText.escaped(goal.type), 14))  \(Terminal.pad(formatDuration(goal.todaySeconds) + " of " + formatDuration(goal.goalSeconds), 14))  \(percent)%"
        if let reached = goal.reachedAt {
            line += Terminal.dim("  · reached at \(reached.localTime) if the timer keeps running")
        } else if goal.outOfReachToday {
            line += Terminal.dim("  · not reached today even if the timer keeps running")
        } else if goal.todaySeconds >= goal.goalSeconds {
            line += "  " + Terminal.green("done")
        }
        return line
    }
}
