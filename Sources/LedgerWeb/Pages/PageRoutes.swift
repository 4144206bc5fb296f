import Hummingbird
import LedgerCommands
import LedgerCore
import LedgerGitLayout
import LedgerSystem

/// The pages: each performs the typed queries it needs (in parallel), reads their answers as
/// the CLI's `--json` prints them, and renders them.
struct PageRoutes: Sendable {
    let runner: CommandRunner
    let keys: SessionKeys

    func register(on router: Router<WebContext>) {
        router.get("/") { request, context in
            async let status = runner.read(StatusQuery(), command: "status", words: [])
            async let types = runner.read(TypesQuery(), command: "types", words: [])
            async let today = runner.read(HistoryQuery(range: RangeWords(day: true)), command: "history", words: [])
            let results = await [status, types, today]
            return self.page(
                request, context, title: "Today", section: "/", results: results, back: nil
            ) {
                TodayPage.render(
                    status: JSONValue(bytes: results[0].bytes), types: JSONValue(bytes: results[1].bytes),
                    today: JSONValue(bytes: results[2].bytes))
            }
        }
        router.get("/history") { request, context in
            let parameters = FormQuery(request)
            let query = HistoryPage.Query(
                { $0 == "q" ? parameters.typed($0) : parameters.get($0) }, values: parameters.values)
            async let entries = runner.read(query.request, command: "history", words: query.words)
            async let types = runner.read(TypesQuery(), command: "types", words: [])
            var results = await [entries, types]
            let listed = JSONValue(bytes: results[0].bytes)
            let shown = HistoryPage.shown(listed.array, query: query).entries
            // The days' totals: up to the newest page's now; a later page up to its newest
            // day's end (a day that ends ahead of now is refused: then up to now).
            let newest = query.before == nil && query.date == nil && query.page == 1 && query.after == nil
            var totals = JSONValue(nil)
            if results[0].succeeded,
                let totalsQuery = HistoryPage.totals(shown, query: query, upToNow: newest)
            {
                var report = await runner.read(totalsQuery, command: "report", words: query.words)
                if report.refusal?.code == .timeInFuture,
                    let upToNow = HistoryPage.totals(shown, query: query, upToNow: true)
                {
                    report = await runner.read(upToNow, command: "report", words: query.words)
                }
                results.append(report)
                totals = JSONValue(bytes: report.bytes)
            }
            return self.page(
                request, context, title: "History", section: "/history", results: results,
                back: ("/history", "Back to History")
            ) {
                HistoryPage.render(
                    entries: listed, totals: totals, types: JSONValue(bytes: results[1].bytes), query: query)
            }
        }
        router.get("/timeline") { request, context in
            let date = request.uri.queryParameters.get("date").flatMap { $0.isEmpty ? nil : $0 }
            let day = RangeWords(range: date, day: true)
            // The entries before the day, for a timer that runs into it: before its start.
            let dayBefore = date.flatMap { CivilDate.parse($0)?.date }.map { $0.adding(days: -1).iso } ?? "today"
            async let report = runner.read(ReportQuery(range: day), command: "report", words: [date ?? ""])
            async let entries = runner.read(HistoryQuery(range: day), command: "history", words: [date ?? ""])
            async let before = runner.read(
                HistoryQuery(limit: TimelinePage.lookBack, before: dayBefore), command: "history", words: [dayBefore])
            async let types = runner.read(TypesQuery(), command: "types", words: [])
            let results = await [report, entries, before, types]
            return self.page(
                request, context, title: "Timeline", section: "/timeline", results: results,
                back: ("/timeline", "Back to today")
            ) {
                TimelinePage.render(
                    report: JSONValue(bytes: results[0].bytes), entries: JSONValue(bytes: results[1].bytes),
                    before: JSONValue(bytes: results[2].bytes),
                    colors: TypeOptions.colors(JSONValue(bytes: results[3].bytes)))
            }
        }
        router.get("/entry/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            async let show = runner.read(ShowQuery(id: id), command: "show", words: [id])
            async let types = runner.read(TypesQuery(), command: "types", words: [])
            let results = await [show, types]
            return self.page(
                request, context, title: "Entry \(id.prefix(12))", section: "/history", results: results,
                back: ("/history", "Back to History")
            ) {
                EntryPage.render(
                    show: JSONValue(bytes: results[0].bytes), types: JSONValue(bytes: results[1].bytes))
            }
        }
        router.get("/reports") { request, context in
            let query = request.uri.queryParameters
            let span = ReportsPage.Span { query.get($0) }
            let by = ["group", "tag"].contains(query.get("by") ?? "") ? query.get("by")! : "type"
            // Only the entries with every one of these tags, in every report of the page.
            let tags = TagFilter.asked(FormQuery(request).values("tag"))
            // A custom range that ends after today is the range up to now.
            var upToNow = false
            if span.from != nil, span.to != nil {
                let probe = await runner.read(
                    ReportQuery(range: span.range(), by: "day"), command: "report", words: span.words)
                upToNow = probe.refusal?.code == .timeInFuture
            }
            let range = span.range(upToNow: upToNow)
            func report(by: String, types: [String] = []) async -> ReadAnswer {
                await runner.read(
                    ReportQuery(range: range, by: by, types: types, tags: tags), command: "report",
                    words: span.words + tags)
            }
            async let rows = report(by: by)
            async let byType = by == "type" ? nil : report(by: "type")
            async let days = report(by: "day")
            async let types = runner.read(TypesQuery(), command: "types", words: [])
            var results = await [rows, days, types]
            if let byType = await byType { results.append(byType) }
            // The "By day" columns, stacked by the types with the most time: each one's days.
            let stacked = JSONValue(bytes: results[results.count > 3 ? 3 : 0].bytes)["rows"].array
                .filter { ($0["seconds"].int ?? 0) > 0 }.prefix(ReportsPage.stackedTypes).compactMap {
                    $0["key"].string
                }
            let stacks = await withTaskGroup(of: (Int, ReadAnswer).self) { group in
                for (index, type) in stacked.enumerated() {
                    group.addTask {
                        (index, await report(by: "day", types: [type]))
                    }
                }
                var answers: [(Int, ReadAnswer)] = []
                for await answer in group { answers.append(answer) }
                return answers.sorted { $0.0 < $1.0 }.map(\.1)
            }
            results += stacks
            let colors = TypeOptions.colors(JSONValue(bytes: results[2].bytes), filling: stacked)
            return self.page(
                request, context, title: "Reports", section: "/reports", results: results,
                back: ("/reports", "Back to this week")
            ) {
                ReportsPage.render(
                    rows: JSONValue(bytes: results[0].bytes), days: JSONValue(bytes: results[1].bytes),
                    stacks: zip(stacked, stacks).map { ($0, JSONValue(bytes: $1.bytes)) }, span: span, by: by,
                    colors: colors, tags: tags)
            }
        }
        router.get("/calendar") { request, context in
            let query = request.uri.queryParameters
            let type = query.get("type").flatMap { $0.isEmpty ? nil : $0 }
            let by = query.get("by") == "seconds" ? "seconds" : "count"
            async let calendar = runner.read(
                CalendarQuery(types: type.map { [$0] } ?? [], by: by), command: "calendar", words: [type ?? ""])
            async let streaks = runner.read(StreaksQuery(), command: "streaks", words: [])
            async let types = runner.read(TypesQuery(), command: "types", words: [])
            let results = await [calendar, streaks, types]
            return self.page(
                request, context, title: "Calendar", section: "/calendar", results: results,
                back: ("/calendar", "Back to the calendar")
            ) {
                CalendarPage.render(
                    calendar: JSONValue(bytes: results[0].bytes), streaks: JSONValue(bytes: results[1].bytes),
                    types: JSONValue(bytes: results[2].bytes), type: type, by: by)
            }
        }
        router.get("/settings") { request, context in
            async let types = runner.read(TypesQuery(all: true), command: "types", words: [])
            async let goals = runner.read(GoalsQuery(), command: "goals", words: [])
            let results = await [types, goals]
            return self.page(request, context, title: "Settings", section: "/settings", results: results, back: nil) {
                SettingsPage.render(
                    types: JSONValue(bytes: results[0].bytes), goals: JSONValue(bytes: results[1].bytes))
            }
        }
        router.get("/sync") { request, context in
            let remotes = await runner.read(RemotesQuery(), command: "remote", words: [])
            return self.page(request, context, title: "Sync", section: "/sync", results: [remotes], back: nil) {
                SyncPage.render(remotes: JSONValue(bytes: remotes.bytes), lastFetch: lastFetch())
            }
        }
    }

    /// The page, or the first refusal among `results` in the CLI's words, with its status (a
    /// link back where the page's own controls are gone).
    private func page(
        _ request: Request, _ context: WebContext, title: String, section: String, results: [ReadAnswer],
        back: (path: String, title: String)?, render: () -> String
    ) -> Response {
        let csrf = keys.csrfToken(for: context.session ?? "")
        guard let failed = results.first(where: { !$0.succeeded }) else {
            return Layout.response(request, title: title, section: section, csrf: csrf, content: render())
        }
        let status =
            failed.refusal.map { HTTPResponse.Status(code: $0.code.httpStatus) } ?? .internalServerError
        var content = Layout.problem(failed)
        if let back { content += "<p><a href=\"\(back.path)\">\(esc(back.title))</a></p>" }
        return Layout.response(request, title: title, section: section, csrf: csrf, content: content, status: status)
    }

    /// A page's query. What a person types in a form's text field (a search, a tag) is read as
    /// the form sends it: `+` is a space (`?tag=Deep+Focus`), as in a write's form body. The
    /// rest as the router reads it, `+` kept (a place's time is `10:15:00+01:00`).
    private struct FormQuery {
        let fields: [(name: String, value: String)]
        let typedFields: [(name: String, value: String)]

        init(_ request: Request) {
            fields = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
            typedFields = (try? BodyFields.form(Array((request.uri.query ?? "").utf8))) ?? fields
        }

        func get(_ name: String) -> String? { fields.first { $0.name == name }?.value }
        /// A text field's value, as the form sent it.
        func typed(_ name: String) -> String? { typedFields.first { $0.name == name }?.value }
        /// A text field's values, each as the form sent it.
        func values(_ name: String) -> [String] { typedFields.filter { $0.name == name }.map(\.value) }
    }

    /// When this clone last fetched (`FETCH_HEAD`'s time, UTC).
    private func lastFetch() -> String? {
        guard let git = GitDirectory.of(workTree: runner.vault),
            let identity = FileIdentity.of(git + "FETCH_HEAD")
        else { return nil }
        return LocalInstant(seconds: identity.modified / 1_000_000_000, offset: 0).iso8601
    }
}
