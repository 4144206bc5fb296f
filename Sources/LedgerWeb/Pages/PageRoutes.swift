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
            let content =
                results.first(where: { !$0.succeeded }).map(Layout.problem)
                ?? TodayPage.render(
                    status: JSONValue(bytes: results[0].stdout), types: JSONValue(bytes: results[1].stdout),
                    today: JSONValue(bytes: results[2].stdout))
            return page(request, context, title: "Today", section: "/", content: content)
        }
        router.get("/history") { request, context in
            let type = request.uri.queryParameters.get("type").flatMap { $0.isEmpty ? nil : $0 }
            let page = max(1, min(10_000, request.uri.queryParameters.get("page").flatMap { Int($0) } ?? 1))
            let limit = page * HistoryPage.pageSize + 1
            async let entries = runner.run(
                ["history", "--json", "--limit=\(limit)"] + (type.map { ["--type=\($0)"] } ?? []))
            async let types = runner.run(["types", "list", "--json"])
            let results = await [entries, types]
            let content =
                results.first(where: { !$0.succeeded }).map(Layout.problem)
                ?? HistoryPage.render(
                    entries: JSONValue(bytes: results[0].stdout), types: JSONValue(bytes: results[1].stdout),
                    type: type, page: page)
            return self.page(request, context, title: "History", section: "/history", content: content)
        }
        router.get("/entry/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            async let show = runner.run(["show", "--json", "--", id])
            async let types = runner.run(["types", "list", "--json"])
            let results = await [show, types]
            let content =
                results.first(where: { !$0.succeeded }).map(Layout.problem)
                ?? EntryPage.render(
                    show: JSONValue(bytes: results[0].stdout), types: JSONValue(bytes: results[1].stdout))
            return page(request, context, title: "Entry \(id.prefix(12))", section: "/history", content: content)
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
            let content =
                results.first(where: { !$0.succeeded }).map(Layout.problem)
                ?? ReportsPage.render(
                    rows: JSONValue(bytes: results[0].stdout), days: JSONValue(bytes: results[1].stdout),
                    period: period, by: by, colors: by == "type" ? colors : [:])
            return page(request, context, title: "Reports", section: "/reports", content: content)
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
            let content =
                results.first(where: { !$0.succeeded }).map(Layout.problem)
                ?? CalendarPage.render(
                    calendar: JSONValue(bytes: results[0].stdout), streaks: JSONValue(bytes: results[1].stdout),
                    types: JSONValue(bytes: results[2].stdout), type: type, by: by)
            return page(request, context, title: "Calendar", section: "/calendar", content: content)
        }
        router.get("/sync") { request, context in
            let remotes = await runner.run(["remote", "list", "--json"])
            let content =
                remotes.succeeded
                ? SyncPage.render(remotes: JSONValue(bytes: remotes.stdout), lastFetch: lastFetch())
                : Layout.problem(remotes)
            return page(request, context, title: "Sync", section: "/sync", content: content)
        }
    }

    private func page(_ request: Request, _ context: WebContext, title: String, section: String, content: String)
        -> Response
    {
        Layout.response(
            request, title: title, section: section, csrf: keys.csrfToken(for: context.session ?? ""),
            content: content)
    }

    /// When this clone last fetched (`FETCH_HEAD`'s time, UTC).
    private func lastFetch() -> String? {
        guard let git = GitDirectory.of(workTree: runner.vault),
            let identity = FileIdentity.of(git + "FETCH_HEAD")
        else { return nil }
        return LocalInstant(seconds: identity.modified / 1_000_000_000, offset: 0).iso8601
    }
}
