import Hummingbird
import LedgerCommands
import LedgerCore
import LedgerGitLayout
import LedgerOutput
import LedgerReports
import LedgerSystem

/// The pages: each performs the typed queries it needs (in parallel) and renders their typed
/// outcomes; the durations and clock times are counted when and where the query was read.
struct PageRoutes: Sendable {
    let runner: CommandRunner
    let keys: SessionKeys

    func register(on router: Router<WebContext>) {
        router.get("/") { request, context in
            async let status = runner.answer(StatusQuery(), command: "status", words: []) {
                summary, moment in StatusView.Board(summary, now: moment.now, zone: moment.zone)
            }
            async let types = runner.answer(TypesQuery(), command: "types", words: [])
            async let today = self.entries(HistoryQuery(range: RangeWords(day: true)), words: [])
            let (board, listing, entries) = await (status, types, today)
            return self.page(request, context, title: "Today", section: "/", back: nil) {
                let (board, listing, entries) = (try board.get(), try listing.get(), try entries.get())
                return TodayPage.render(status: board, types: listing, today: entries)
            }
        }
        router.get("/history") { request, context in
            let parameters = FormQuery(request)
            let query = HistoryPage.Query(
                { $0 == "q" ? parameters.typed($0) : parameters.get($0) }, values: parameters.values)
            async let entries = self.entries(query.request, words: query.words)
            async let types = runner.answer(TypesQuery(), command: "types", words: [])
            let (listed, listing) = await (entries, types)
            // The days' totals: up to the newest page's now; a later page up to its newest
            // day's end (a day that ends ahead of now is refused: then up to now).
            let newest = query.before == nil && query.date == nil && query.page == 1 && query.after == nil
            var totals: Answer<ReportSheet>?
            if case .success(let listed) = listed {
                let shown = HistoryPage.shown(listed, query: query).entries
                if let totalsQuery = HistoryPage.totals(shown, query: query, upToNow: newest) {
                    var report = await runner.answer(
                        totalsQuery, command: "report", words: query.words, ReportSheet.init)
                    if case .failure(let refusal) = report, refusal.code == .timeInFuture,
                        let upToNow = HistoryPage.totals(shown, query: query, upToNow: true)
                    {
                        report = await runner.answer(upToNow, command: "report", words: query.words, ReportSheet.init)
                    }
                    totals = report
                }
            }
            return self.page(
                request, context, title: "History", section: "/history", back: ("/history", "Back to History")
            ) {
                let (entries, types, reported) = (try listed.get(), try listing.get(), try totals?.get())
                return HistoryPage.render(entries: entries, totals: reported, types: types, query: query)
            }
        }
        router.get("/timeline") { request, context in
            let date = request.uri.queryParameters.get("date").flatMap { $0.isEmpty ? nil : $0 }
            let day = RangeWords(range: date, day: true)
            // The entries before the day, for a timer that runs into it: before its start.
            let dayBefore = date.flatMap { CivilDate.parse($0)?.date }.map { $0.adding(days: -1).iso } ?? "today"
            async let report = runner.answer(
                ReportQuery(range: day), command: "report", words: [date ?? ""], ReportSheet.init)
            async let entries = self.entries(HistoryQuery(range: day), words: [date ?? ""])
            async let before = self.entries(
                HistoryQuery(limit: TimelinePage.lookBack, before: dayBefore), words: [dayBefore])
            async let types = runner.answer(TypesQuery(), command: "types", words: [])
            let answers = await (report, entries, before, types)
            return self.page(
                request, context, title: "Timeline", section: "/timeline", back: ("/timeline", "Back to today")
            ) {
                let (report, entries, before, types) = (
                    try answers.0.get(), try answers.1.get(), try answers.2.get(), try answers.3.get()
                )
                return TimelinePage.render(
                    report: report, entries: entries, before: before, colors: TypeOptions.colors(types))
            }
        }
        router.get("/entry/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            async let show = runner.answer(ShowQuery(id: id), command: "show", words: [id], EntryPage.Shown.init)
            async let types = runner.answer(TypesQuery(), command: "types", words: [])
            let (shown, listing) = await (show, types)
            return self.page(
                request, context, title: "Entry \(id.prefix(12))", section: "/history",
                back: ("/history", "Back to History")
            ) {
                let (shown, types) = (try shown.get(), try listing.get())
                return EntryPage.render(show: shown, types: types)
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
                let probe = await runner.answer(
                    ReportQuery(range: span.range(), by: "day"), command: "report", words: span.words)
                if case .failure(let refusal) = probe { upToNow = refusal.code == .timeInFuture }
            }
            let range = span.range(upToNow: upToNow)
            func report(by: String, types: [String] = []) async -> Answer<ReportSheet> {
                await runner.answer(
                    ReportQuery(range: range, by: by, types: types, tags: tags), command: "report",
                    words: span.words + tags, ReportSheet.init)
            }
            async let rows = report(by: by)
            async let byType = by == "type" ? nil : report(by: "type")
            async let days = report(by: "day")
            async let types = runner.answer(TypesQuery(), command: "types", words: [])
            let (grouped, daily, listing, typed) = await (rows, days, types, byType)
            // The "By day" columns, stacked by the types with the most time: each one's days.
            let stacked = ((try? (typed ?? grouped).get())?.rollup.rows ?? [])
                .filter { $0.seconds > 0 }.prefix(ReportsPage.stackedTypes).map(\.key)
            let stacks = await withTaskGroup(of: (Int, Answer<ReportSheet>).self) { group in
                for (index, type) in stacked.enumerated() {
                    group.addTask {
                        (index, await report(by: "day", types: [type]))
                    }
                }
                var answers: [(Int, Answer<ReportSheet>)] = []
                for await answer in group { answers.append(answer) }
                return answers.sorted { $0.0 < $1.0 }.map(\.1)
            }
            return self.page(
                request, context, title: "Reports", section: "/reports", back: ("/reports", "Back to this week")
            ) {
                let (rows, days, types) = (try grouped.get(), try daily.get(), try listing.get())
                _ = try typed?.get()
                let stacks = try zip(stacked, stacks).map { ($0, try $1.get()) }
                return ReportsPage.render(
                    rows: rows, days: days, stacks: stacks, span: span, by: by,
                    colors: TypeOptions.colors(types, filling: stacked), tags: tags)
            }
        }
        router.get("/calendar") { request, context in
            let query = request.uri.queryParameters
            let type = query.get("type").flatMap { $0.isEmpty ? nil : $0 }
            let by = query.get("by") == "seconds" ? "seconds" : "count"
            async let calendar = runner.answer(
                CalendarQuery(types: type.map { [$0] } ?? [], by: by), command: "calendar", words: [type ?? ""])
            async let streaks = runner.answer(StreaksQuery(), command: "streaks", words: [])
            async let types = runner.answer(TypesQuery(), command: "types", words: [])
            let answers = await (calendar, streaks, types)
            return self.page(
                request, context, title: "Calendar", section: "/calendar", back: ("/calendar", "Back to the calendar")
            ) {
                let (calendar, streaks, types) = (try answers.0.get(), try answers.1.get(), try answers.2.get())
                return CalendarPage.render(calendar: calendar, streaks: streaks, types: types, type: type, by: by)
            }
        }
        router.get("/settings") { request, context in
            async let types = runner.answer(TypesQuery(all: true), command: "types", words: [])
            async let goals = runner.answer(GoalsQuery(), command: "goals", words: [])
            let answers = await (types, goals)
            return self.page(request, context, title: "Settings", section: "/settings", back: nil) {
                let (types, goals) = (try answers.0.get(), try answers.1.get())
                return SettingsPage.render(types: types, goals: goals)
            }
        }
        router.get("/sync") { request, context in
            let remotes = await runner.answer(RemotesQuery(), command: "remote", words: [])
            return self.page(request, context, title: "Sync", section: "/sync", back: nil) {
                SyncPage.render(remotes: try remotes.get(), lastFetch: lastFetch())
            }
        }
    }

    /// The entries `query` lists (`history`), each with its window at the moment of the read.
    private func entries(_ query: HistoryQuery, words: [String]) async -> Answer<[Listed]> {
        await runner.answer(query, command: "history", words: words) { page, moment in
            try page.listed(now: moment.now)
        }
    }

    /// The page `render` makes from its reads' typed outcomes, or the first refusal it met
    /// among them in the CLI's words, with its status (a link back where the page's own
    /// controls are gone).
    private func page(
        _ request: Request, _ context: WebContext, title: String, section: String,
        back: (path: String, title: String)?, render: () throws -> String
    ) -> Response {
        let csrf = keys.csrfToken(for: context.session ?? "")
        let refusal: ReadAnswer.Refusal
        do {
            return Layout.response(request, title: title, section: section, csrf: csrf, content: try render())
        } catch {
            // What `render` throws is a read's refusal (`Answer.get()`).
            refusal = error as? ReadAnswer.Refusal ?? ReadAnswer.Refusal(code: .error, message: "\(error)")
        }
        var content = Layout.problem(refusal)
        if let back { content += "<p><a href=\"\(back.path)\">\(esc(back.title))</a></p>" }
        return Layout.response(
            request, title: title, section: section, csrf: csrf, content: content,
            status: HTTPResponse.Status(code: refusal.code.httpStatus))
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
