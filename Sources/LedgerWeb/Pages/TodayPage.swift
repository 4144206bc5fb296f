import LedgerCore

/// Today: the timers counting live, the running timer with its goal, a button per type
/// (favorites first) that logs it or starts its timer, and today's entries.
enum TodayPage {
    static func render(status: JSONValue, types: JSONValue, today: JSONValue) -> String {
        var html = "<h1>Today</h1>"
        html += timers(status)
        html += running(status)
        html += goals(status["goals"])
        html += buttons(types: types, running: status["running"]["type"].string)
        html += "<section aria-labelledby=\"today-h\"><h2 id=\"today-h\">Today’s entries</h2>"
        html += EntryList.render(today.array, empty: "Nothing logged today yet.")
        html += "<p class=\"actions\">\(UndoButton.html)</p></section>"
        return html
    }

    private static func timers(_ status: JSONValue) -> String {
        let conscious = status["conscious"]
        var cards: [String] = []
        if !conscious.isNull {
            let awake = conscious["state"].string == "awake"
            cards.append(
                card(
                    title: awake ? "Awake" : "Asleep", item: conscious,
                    detail:
                        "since \(Instant.clockHTML(conscious["since"].string)) (\(esc(conscious["type"].string ?? "")))",
                    id: "conscious"))
        } else {
            cards.append(
                "<article class=\"card\" id=\"conscious\"><h2>Awake or asleep</h2><p class=\"sub\">Log wake or sleep to start this timer.</p></article>"
            )
        }
        let meal = status["meal"]
        cards.append(
            meal.isNull
                ? "<article class=\"card\" id=\"meal\"><h2>Since last meal</h2><p class=\"sub\">No meal logged yet.</p></article>"
                : card(
                    title: "Since last meal", item: meal, detail: "at \(Instant.clockHTML(meal["since"].string))",
                    id: "meal"))
        let last = status["lastEntry"]
        if !last.isNull {
            cards.append(
                card(
                    title: "Since last entry", item: last,
                    detail: "\(esc(last["type"].string ?? "")) at \(Instant.clockHTML(last["since"].string))",
                    id: "last"))
        }
        return "<section class=\"cards\" aria-label=\"Timers\">\(cards.joined())</section>"
    }

    /// `detail` is HTML.
    private static func card(title: String, item: JSONValue, detail: String, id: String) -> String {
        """
        <article class="card" id="\(id)"><h2>\(esc(title))</h2>\
        <p class="big">\(liveDuration(seconds: item["seconds"].int ?? 0, text: item["text"].string ?? ""))</p>\
        <p class="sub">\(detail)</p></article>
        """
    }

    private static func running(_ status: JSONValue) -> String {
        let running = status["running"]
        var html = "<section aria-labelledby=\"timer-h\" class=\"timer\"><h2 id=\"timer-h\">Timer</h2>"
        guard !running.isNull else {
            html += "<p class=\"sub\">No timer running.</p>"
            html +=
                "<p class=\"actions\"><button type=\"button\" data-action=\"resume\">Resume the last timer</button></p>"
            return html + "</section>"
        }
        let type = running["type"].string ?? ""
        let seconds = running["seconds"].int ?? 0
        html += "<p class=\"running\"><strong>\(esc(running["taskTitle"].string.map { "▸ " + $0 } ?? type))</strong> "
        html += "running for \(liveDuration(seconds: seconds, text: running["text"].string ?? "")) "
        html += "<span class=\"sub\">since \(Instant.clockHTML(running["since"].string))</span></p>"
        if let goal = running["goalSeconds"].int, goal > 0 {
            html +=
                "<p><progress class=\"live\" data-seconds=\"\(seconds)\" max=\"\(goal)\" value=\"\(min(seconds, goal))\" aria-label=\"Progress toward the goal\"></progress> "
            html += "<span class=\"sub\">goal \(esc(formatDuration(Int64(goal))))"
            if let at = running["goalAt"].string { html += ", reached at \(Instant.clockHTML(at))" }
            html += "</span></p>"
        }
        html += "<p class=\"actions\"><button type=\"button\" data-action=\"stop\">Stop \(esc(type))</button> "
        html += "<button type=\"button\" data-action=\"cancel\" class=\"quiet\">Cancel (discard)</button></p>"
        return html + "</section>"
    }

    private static func goals(_ goals: JSONValue) -> String {
        let items = goals.array
        guard !items.isEmpty else { return "" }
        var html = "<section aria-labelledby=\"goals-h\"><h2 id=\"goals-h\">Daily goals</h2><ul class=\"goals\">"
        for goal in items {
            let type = goal["type"].string ?? ""
            let (total, today) = (goal["goalSeconds"].int ?? 1, goal["todaySeconds"].int ?? 0)
            let live = goal["running"].bool ? " class=\"live\" data-seconds=\"\(today)\"" : ""
            html += "<li><span class=\"label\">\(esc(type))</span> "
            html +=
                "<progress\(live) max=\"\(total)\" value=\"\(min(today, total))\" aria-label=\"\(esc(type)) goal\"></progress> "
            html += "<span class=\"sub\">\(esc(goal["text"].string ?? ""))"
            if let at = goal["reachedAt"].string { html += ", reached at \(Instant.clockHTML(at))" }
            html += "</span></li>"
        }
        return html + "</ul></section>"
    }

    private static func buttons(types: JSONValue, running: String?) -> String {
        var html = "<section aria-labelledby=\"log-h\"><h2 id=\"log-h\">Log</h2>"
        html += """
            <form id="quick" class="quick" autocomplete="off" aria-label="When and note for the next entry">\
            <label>When <input id="quick-at" name="at" placeholder="now, 10:30, -15m" maxlength="64"></label>\
            <label>Note <input id="quick-note" name="note" placeholder="optional" maxlength="2000"></label></form>
            """
        html += "<ul class=\"types\">"
        for type in types.array where !type["archived"].bool {
            let name = type["name"].string ?? ""
            let star = type["favorite"].bool ? " favorite" : ""
            let timer =
                running == nil
                ? "Start a timer for \(name)"
                : running == name ? "Restart the \(name) timer" : "Switch the timer to \(name)"
            html += "<li class=\"type\(star)\">"
            let mark = type["favorite"].bool ? " <span class=\"star\" aria-hidden=\"true\">★</span>" : ""
            html +=
                "<button type=\"button\" class=\"log\" data-action=\"log\" data-type=\"\(esc(name))\" aria-label=\"Log \(esc(name))\">\(iconHTML(type["icon"].string, type: name)) \(esc(name))\(mark)</button>"
            html +=
                "<button type=\"button\" class=\"start\" data-action=\"start\" data-type=\"\(esc(name))\" aria-label=\"\(esc(timer))\" title=\"\(esc(timer))\">▶</button>"
            html += "</li>"
        }
        return html + "</ul></section>"
    }
}
