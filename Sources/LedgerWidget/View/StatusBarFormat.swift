package import LedgerCore

/// One-shot status-bar output of the widget view.
package enum StatusBarFormat: String, CaseIterable, Sendable {
    /// waybar `custom` module with `"return-type": "json"`: text, alt, tooltip, class.
    case waybar
    /// i3blocks: full text, short text, colour, one per line.
    case i3blocks
    /// tmux `status-right` with `#[fg=…]` styles.
    case tmux
    /// One plain line.
    case plain

    package func render(_ view: WidgetView, now: Int64, zone: any TimeZoneRules) -> String {
        let reading = view.reading(at: now)
        let state = reading.conscious?.state
        let stateWord = state.map { $0 == .awake ? "Awake" : "Asleep" }
        let stateIcon = state == .asleep ? "🌙" : "☀️"
        let queued = view.pendingCount > 0 ? "\(view.pendingCount) queued" : nil
        // An entry a queued quick_remove takes away is marked so: `🍽️ 45m ✕`.
        let consciousMark = reading.consciousRemoving ? " ✕" : ""
        let mealMark = reading.mealRemoving ? " ✕" : ""
        // The icon line waybar and i3blocks show: `☀️ 3h 12m  🍽️ 45m  ⏳1`.
        var icons: [String] = []
        if let conscious = reading.consciousText { icons.append("\(stateIcon) \(conscious)\(consciousMark)") }
        if let meal = reading.mealText { icons.append("🍽️ \(meal)\(mealMark)") }
        if let timer = reading.timerText { icons.append("⏱ \(timer)") }
        if view.pendingCount > 0 { icons.append("⏳\(view.pendingCount)") }
        let compact = icons.isEmpty ? "alog" : icons.joined(separator: "  ")
        switch self {
        case .plain:
            var parts: [String] = []
            let removing = " (being removed)"
            if let word = stateWord, let text = reading.consciousText {
                parts.append("\(word) \(text)" + (reading.consciousRemoving ? removing : ""))
            }
            if let meal = reading.mealText { parts.append("Meal \(meal)" + (reading.mealRemoving ? removing : "")) }
            if let timer = reading.timerText {
                parts.append("⏱ \(timer)" + (reading.timer?.goalSeconds.map { " (goal \(formatDuration($0)))" } ?? ""))
            }
            if let queued { parts.append(queued) }
            return parts.isEmpty ? "No activities yet" : parts.joined(separator: " · ")
        case .waybar:
            var tooltip: [String] = []
            if let word = stateWord, let conscious = reading.conscious, let since = reading.consciousText {
                tooltip.append(
                    "\(word) for \(since) (since \(zone.localInstant(at: conscious.since).localTime))"
                        + (reading.consciousRemoving ? Self.removalNote : ""))
            }
            if let meal = reading.mealSince, let since = reading.mealText {
                tooltip.append(
                    "Last meal \(since) ago (\(zone.localInstant(at: meal).localTime))"
                        + (reading.mealRemoving ? Self.removalNote : ""))
            }
            if let timer = reading.timer {
                tooltip.append(Self.timerTooltip(timer, at: now, zone: zone))
            }
            if let queued {
                tooltip.append(
                    view.failingCount == 0
                        ? "\(queued), committed by the next alog command"
                        : "\(queued); \(view.failingCount) cannot be committed as \(view.failingCount == 1 ? "it is" : "they are") (see 'alog widget pending')"
                )
            }
            // What a tap is likely to log next: the favorites (`alog types favorite`).
            if !view.favorites.isEmpty { tooltip.append("Favorites: " + view.favorites.joined(separator: " · ")) }
            var classes = [state?.rawValue ?? "unknown"]
            if reading.timer != nil { classes.append("timer") }
            if view.pendingCount > 0 { classes.append("pending") }
            if reading.consciousRemoving || reading.mealRemoving { classes.append("removing") }
            return JSONText.object([
                ("text", JSONText.string(compact)),
                ("alt", JSONText.string(state?.rawValue ?? "unknown")),
                ("tooltip", JSONText.string(tooltip.isEmpty ? "No activities yet" : tooltip.joined(separator: "\n"))),
                ("class", "[" + classes.map(JSONText.string).joined(separator: ",") + "]"),
            ])
        case .i3blocks:
            let short =
                reading.consciousText.map { "\(stateIcon) \($0)\(consciousMark)" } ?? reading.timerText.map {
                    "⏱ \($0)"
                } ?? "alog"
            let colour = state == .asleep ? "#4A6FA5" : state == .awake ? "#F5A623" : "#888888"
            return [compact, short, colour].joined(separator: "\n")
        case .tmux:
            var parts: [String] = []
            if let conscious = reading.consciousText {
                let colour = state == .asleep ? "colour67" : "colour214"
                parts.append("#[fg=\(colour)]\(stateIcon) \(conscious)\(consciousMark)#[default]")
            }
            if let meal = reading.mealText { parts.append("🍽️ \(meal)\(mealMark)") }
            if let timer = reading.timerText { parts.append("#[fg=colour76]⏱ \(timer)#[default]") }
            if view.pendingCount > 0 { parts.append("#[fg=colour244]⏳\(view.pendingCount)#[default]") }
            return parts.isEmpty ? "alog" : parts.joined(separator: " ")
        }
    }

    /// Said of an entry a queued `quick_remove` takes away.
    static let removalNote = "; a queued quick_remove takes it away"

    /// `Timer reading running for 1h 40m (since 09:20) · goal 2h: 20m left, at 11:20`, in the
    /// words of `alog status`.
    static func timerTooltip(_ timer: RunningTimer, at now: Int64, zone: any TimeZoneRules) -> String {
        let seconds = timer.seconds(at: now)
        var text =
            "Timer \(timer.type) running for \(formatDuration(seconds)) (since \(zone.localInstant(at: timer.since).localTime))"
        if let goal = timer.goalSeconds {
            // The goal's clock time, with its date when that is not today (as `status` says it).
            let goalAt = LocalCalendar(zone: zone).clock(timer.since + goal, now: now)
            text +=
                seconds < goal
                ? " · goal \(formatDuration(goal)): \(formatDuration(goal - seconds)) left, at \(goalAt)"
                : " · goal \(formatDuration(goal)) reached at \(goalAt)"
        }
        if let title = timer.taskTitle { text += " · task \(title)" }
        return text
    }
}
