import LedgerCommands
import LedgerCore
import LedgerOutput

/// Today: the timers counting live, the running timer with its goal, a button per type
/// (favorites first) that logs it or starts its timer, and today's entries.
enum TodayPage {
    static func render(status: StatusView.Board, types: TypeListing, today: [Listed]) -> String {
        var html = "<h1>Today</h1>"
        html += timers(status.timers)
        html += running(status.running)
        html += goals(status.goals)
        html += buttons(types: types, running: status.running?.entry.type)
        html += "<section aria-labelledby=\"today-h\"><h2 id=\"today-h\">Today’s entries</h2>"
        html += EntryList.render(today, empty: "Nothing logged today yet.")
        html += "<p class=\"actions\">\(UndoButton.html)</p></section>"
        return html
    }

    private static func timers(_ timers: Timers) -> String {
        var cards: [String] = []
        if let conscious = timers.conscious {
            let awake = conscious.state == .awake
            cards.append(
                card(
                    title: awake ? "Awake" : "Asleep", since: conscious.since,
                    detail: "since \(Instant.clockHTML(conscious.since.at)) (\(esc(conscious.since.type)))",
                    id: "conscious"))
        } else {
            cards.append(
                "<article class=\"card\" id=\"conscious\"><h2>Awake or asleep</h2><p class=\"sub\">Log wake or sleep to start this timer.</p></article>"
            )
        }
        cards.append(
            timers.sinceMeal.map { meal in
                card(title: "Since last meal", since: meal, detail: "at \(Instant.clockHTML(meal.at))", id: "meal")
            }
                ?? "<article class=\"card\" id=\"meal\"><h2>Since last meal</h2><p class=\"sub\">No meal logged yet.</p></article>"
        )
        if let last = timers.sinceAny {
            cards.append(
                card(
                    title: "Since last entry", since: last,
                    detail: "\(esc(last.type)) at \(Instant.clockHTML(last.at))", id: "last"))
        }
        return "<section class=\"cards\" aria-label=\"Timers\">\(cards.joined())</section>"
    }

    /// `detail` is HTML.
    private static func card(title: String, since: Timers.Since, detail: String, id: String) -> String {
        """
        <article class="card" id="\(id)"><h2>\(esc(title))</h2>\
        <p class="big">\(liveDuration(seconds: Int(since.seconds), text: since.text))</p>\
        <p class="sub">\(detail)</p></article>
        """
    }

    private static func running(_ running: TimerView.Running?) -> String {
        var html = "<section aria-labelledby=\"timer-h\" class=\"timer\"><h2 id=\"timer-h\">Timer</h2>"
        guard let running else {
            html += "<p class=\"sub\">No timer running.</p>"
            html +=
                "<p class=\"actions\"><button type=\"button\" data-action=\"resume\">Resume the last timer</button></p>"
            return html + "</section>"
        }
        let type = running.entry.type
        let seconds = Int(running.seconds)
        html +=
            "<p class=\"running\"><strong>\(esc(running.entry.task.map { "▸ " + $0.title } ?? type))</strong> "
        html += "running for \(liveDuration(seconds: seconds, text: formatDuration(running.seconds))) "
        html += "<span class=\"sub\">since \(Instant.clockHTML(running.since))</span></p>"
        if let goal = running.entry.goalSeconds.map(Int.init), goal > 0 {
            html +=
                "<p><progress class=\"live\" data-seconds=\"\(seconds)\" max=\"\(goal)\" value=\"\(min(seconds, goal))\" aria-label=\"Progress toward the goal\"></progress> "
            html += "<span class=\"sub\">goal \(esc(formatDuration(Int64(goal))))"
            if let at = running.goalAt { html += ", reached at \(Instant.clockHTML(at))" }
            html += "</span></p>"
        }
        html += "<p class=\"actions\"><button type=\"button\" data-action=\"stop\">Stop \(esc(type))</button> "
        html += "<button type=\"button\" data-action=\"cancel\" class=\"quiet\">Cancel (discard)</button></p>"
        return html + "</section>"
    }

    private static func goals(_ goals: [TimerView.Goal]) -> String {
        guard !goals.isEmpty else { return "" }
        var html = "<section aria-labelledby=\"goals-h\"><h2 id=\"goals-h\">Daily goals</h2><ul class=\"goals\">"
        for goal in goals {
            let (total, today) = (Int(goal.goalSeconds), Int(goal.todaySeconds))
            let live = goal.running ? " class=\"live\" data-seconds=\"\(today)\"" : ""
            html += "<li><span class=\"label\">\(esc(goal.type))</span> "
            html +=
                "<progress\(live) max=\"\(total)\" value=\"\(min(today, total))\" aria-label=\"\(esc(goal.type)) goal\"></progress> "
            html += "<span class=\"sub\">\(esc(TimerView.goalText(goal)))"
            if let at = goal.reachedAt { html += ", reached at \(Instant.clockHTML(at))" }
            html += "</span></li>"
        }
        return html + "</ul></section>"
    }

    private static func buttons(types: TypeListing, running: String?) -> String {
        var html = "<section aria-labelledby=\"log-h\"><h2 id=\"log-h\">Log</h2>"
        html += """
            <form id="quick" class="quick" autocomplete="off" aria-label="When and note for the next entry">\
            <label>When <input id="quick-at" name="at" placeholder="now, 10:30, -15m" maxlength="64"></label>\
            <label>Note <input id="quick-note" name="note" placeholder="optional" maxlength="2000"></label></form>
            """
        html += "<ul class=\"types\">"
        for type in types.types where !type.archived {
            let name = type.name
            let favorite = types.catalog.favorites.contains(name)
            let star = favorite ? " favorite" : ""
            let timer =
                running == nil
                ? "Start a timer for \(name)"
                : running == name ? "Restart the \(name) timer" : "Switch the timer to \(name)"
            html += "<li class=\"type\(star)\">"
            let mark = favorite ? " <span class=\"star\" aria-hidden=\"true\">★</span>" : ""
            html +=
                "<button type=\"button\" class=\"log\" data-action=\"log\" data-type=\"\(esc(name))\" aria-label=\"Log \(esc(name))\">\(iconHTML(type.icon, type: name)) \(esc(name))\(mark)</button>"
            html +=
                "<button type=\"button\" class=\"start\" data-action=\"start\" data-type=\"\(esc(name))\" aria-label=\"\(esc(timer))\" title=\"\(esc(timer))\">▶</button>"
            html += "</li>"
        }
        return html + "</ul></section>"
    }
}
