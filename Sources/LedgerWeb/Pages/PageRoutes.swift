import Hummingbird
import LedgerCore
import LedgerGitLayout
import LedgerSystem

/// The pages: each runs the CLI's `--json` commands it needs (in parallel) and renders them.
struct PageRoutes: Sendable {
    let runner: CommandRunner
    let keys: SessionKeys

    func register(on router: Router<WebContext>) {
        router.get("/") { request, context in
            async let status = runner.run(["status", "--json"])
            async let types = runner.run(["types", "list", "--json"])
            async let today = runner.run(["history", "--json", "--day"])
            let results = await [status, types, today]
            return self.page(
                request, context, title: "Today", section: "/", results: results, back: nil
            ) {
                TodayPage.render(
                    status: JSONValue(bytes: results[0].stdout), types: JSONValue(bytes: results[1].stdout),
                    today: JSONValue(bytes: results[2].stdout))
            }
        }
        router.get("/history") { request, context in
            let type = request.uri.queryParameters.get("type").flatMap { $0.isEmpty ? nil : $0 }
            let page = max(1, min(10_000, request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1))
            let limit = page * HistoryPage.pageSize + 1
            async let entries = runner.run(
                ["history", "--json", "--limit=\(limit)"] + (type.map { ["--type=\($0)"] } ?? []))
            async let types = runner.run(["types", "list", "--json"])
            let results = await [entries, types]
            return self.page(
                request, context, title: "History", section: "/history", results: results,
                back: ("/history", "Back to History")
            ) {
                HistoryPage.render(
                    entries: JSONValue(bytes: results[0].stdout), types: JSONValue(bytes: results[1].stdout),
                    type: type, page: page)
            }
        }
        router.get("/entry/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            async let show = runner.run(["show", "--json", "--", id])
            async let types = runner.run(["types", "list", "--json"])
            let results = await [show, types]
            return self.page(
                request, context, title: "Entry \(id.prefix(12))", section: "/history", results: results,
                back: ("/history", "Back to History")
            ) {
                EntryPage.render(
                    show: JSONValue(bytes: results[0].stdout), types: JSONValue(bytes: results[1].stdout))
            }
        }
        router.get("/reports") { request, context in
            let query = request.uri.queryParameters
            let period = query.get("period") == "month" ? "month" : "week"
            let by = query.get("by") == "group" ? "group" : "type"
            let date = query.get("date").flatMap { $0.isEmpty ? nil : $0 }
            let range = ["--\(period)"] + (date.map { ["--", $0] } ?? [])
            async let rows = runner.run(["report", "--json", "--by=\(by)"] + range)
            async let days = runner.run(["report", "--json", "--by=day"] + range)
            async let types = runner.run(["types", "list", "--json"])
            let results = await [rows, days, types]
            var colors: [String: String] = [:]
            for type in JSONValue(bytes: results[2].stdout).array {
                if let name = type["name"].string, let color = type["color"].string, !color.isEmpty {
                    colors[name] = color
                }
            }
            return self.page(
                request, context, title: "Reports", section: "/reports", results: results,
                back: ("/reports", "Back to this week")
            ) {
                ReportsPage.render(
                    rows: JSONValue(bytes: results[0].stdout), days: JSONValue(bytes: results[1].stdout),
                    period: period, by: by, colors: by == "type" ? colors : [:])
            }
        }
        router.get("/calendar") { request, context in
            let query = request.uri.queryParameters
            let type = query.get("type").flatMap { $0.isEmpty ? nil : $0 }
            let by = query.get("by") == "seconds" ? "seconds" : "count"
            async let calendar = runner.run(
                ["calendar", "--json", "--by=\(by)"] + (type.map { ["--", $0] } ?? []))
            async let streaks = runner.run(["streaks", "--json"])
            async let types = runner.run(["types", "list", "--json"])
            let results = await [calendar, streaks, types]
            return self.page(
                request, context, title: "Calendar", section: "/calendar", results: results,
                back: ("/calendar", "Back to the calendar")
            ) {
                CalendarPage.render(
                    calendar: JSONValue(bytes: results[0].stdout), streaks: JSONValue(bytes: results[1].stdout),
                    types: JSONValue(bytes: results[2].stdout), type: type, by: by)
            }
        }
        router.get("/sync") { request, context in
            let remotes = await runner.run(["remote", "list", "--json"])
            return self.page(request, context, title: "Sync", section: "/sync", results: [remotes], back: nil) {
                SyncPage.render(remotes: JSONValue(bytes: remotes.stdout), lastFetch: lastFetch())
            }
        }
    }

    /// The page, or the first refusal among `results` in the CLI's words, with its status (a
    /// link back where the page's own controls are gone).
    private func page(
        _ request: Request, _ context: WebContext, title: String, section: String, results: [CommandResult],
        back: (path: String, title: String)?, render: () -> String
    ) -> Response {
        let csrf = keys.csrfToken(for: context.session ?? "")
        guard let failed = results.first(where: { !$0.succeeded }) else {
            return Layout.response(request, title: title, section: section, csrf: csrf, content: render())
        }
        let status =
            failed.refusal.map { CommandResult.httpStatus(for: $0, exitStatus: failed.status) } ?? .internalServerError
        var content = Layout.problem(failed)
        if let back { content += "<p><a href=\"\(back.path)\">\(esc(back.title))</a></p>" }
        return Layout.response(request, title: title, section: section, csrf: csrf, content: content, status: status)
    }

    /// When this clone last fetched (`FETCH_HEAD`'s time, UTC).
    private func lastFetch() -> String? {
        guard let git = GitDirectory.of(workTree: runner.vault),
            let identity = FileIdentity.of(git + "FETCH_HEAD")
        else { return nil }
        return LocalInstant(seconds: identity.modified / 1_000_000_000, offset: 0).iso8601
    }
}
