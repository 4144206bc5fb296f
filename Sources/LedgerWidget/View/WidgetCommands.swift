package import LedgerCore
internal import LedgerSystem

/// The bodies of `alog widget tap|status|timeline|pending|discard`, shared by the fast front
/// (`alog`, which answers them without libgit2) and the full CLI (`alog-full`). None of them
/// opens the git repository.
package enum WidgetCommands {
    /// What a command prints.
    package struct Output: Sendable {
        package var stdout: String
        package var notes: [String] = []
    }

    package static func tap(_ store: WidgetStore, type: String, at: String?, now: Int64, zone: any TimeZoneRules)
        throws -> Output
    {
        let instant = try at.map { try TimeExpression(now: now, zone: zone).parse($0) } ?? zone.localInstant(at: now)
        return tapText(try store.tap(type: type, at: instant), at: instant)
    }

    /// What `tap` says of a queued tap.
    package static func tapText(_ tap: WidgetStore.Tap, at instant: LocalInstant) -> Output {
        var output = Output(stdout: "queued \(tap.type) at \(instant.localTime) (\(tap.queued) waiting for the vault)")
        if let aside = tap.savedAside {
            output.notes.append("the queue held unreadable text; it was saved aside in \(aside)")
        }
        return output
    }

    package static func status(_ store: WidgetStore, format: StatusBarFormat, now: Int64, zone: any TimeZoneRules)
        -> Output
    {
        statusText(store.view(now: now, zone: zone), format: format, now: now, zone: zone)
    }

    /// A view in one of the status bars' formats.
    package static func statusText(_ view: WidgetView, format: StatusBarFormat, now: Int64, zone: any TimeZoneRules)
        -> Output
    {
        Output(stdout: format.render(view, now: now, zone: zone))
    }

    /// What `--entries` may be: at least one, at most a day of minutes.
    package static let timelineEntries = 1...1440

    /// How many timeline entries are printed without `--entries`: an hour of minutes, or the
    /// two an immediate re-render after a tap needs.
    package static func defaultTimelineEntries(afterTap: Bool) -> Int { afterTap ? 2 : 60 }

    package static func timeline(
        _ store: WidgetStore, entries: Int, json: Bool, now: Int64, zone: any TimeZoneRules
    ) -> Output {
        timelineText(store.view(now: now, zone: zone), entries: entries, json: json, now: now, zone: zone)
    }

    /// A view's readings, one a minute from `now`, as lines or JSON.
    package static func timelineText(
        _ view: WidgetView, entries: Int, json: Bool, now: Int64, zone: any TimeZoneRules
    ) -> Output {
        let readings = view.timeline(from: now, count: entries)
        if json {
            let items = readings.map { reading in
                JSONText.object([
                    ("date", JSONText.string(zone.localInstant(at: reading.date).iso8601)),
                    ("unix", String(reading.date)),
                    (
                        "conscious",
                        reading.conscious.map { conscious in
                            JSONText.object([
                                ("state", JSONText.string(conscious.state.rawValue)),
                                ("text", JSONText.string(reading.consciousText!)),
                                ("removing", reading.consciousRemoving ? "true" : nil),
                            ])
                        } ?? "null"
                    ),
                    (
                        "meal",
                        reading.mealText.map {
                            JSONText.object([
                                ("text", JSONText.string($0)), ("removing", reading.mealRemoving ? "true" : nil),
                            ])
                        } ?? "null"
                    ),
                    ("timer", reading.timer.map { timerJSON($0, at: reading.date, zone: zone) } ?? "null"),
                ])
            }
            return Output(
                stdout: JSONText.object([
                    ("generated", JSONText.string(zone.localInstant(at: now).iso8601)),
                    ("pending", String(view.pendingCount)),
                    ("entries", JSONText.array(items)),
                ]))
        }
        // Columns as wide as their widest cell in these rows, two spaces apart.
        let rows = readings.map { reading in
            let conscious =
                reading.conscious.map { ($0.state == .awake ? "☀️ Awake " : "🌙 Asleep ") + reading.consciousText! }
                ?? "—"
            let meal = reading.mealText.map { "🍽️ Meal " + $0 } ?? "🍽️ —"
            return (
                time: zone.localInstant(at: reading.date).localTime, conscious: conscious, meal: meal,
                timer: reading.timerText.map { "⏱ \($0) running" }
            )
        }
        let consciousWidth = rows.map { DisplayText.width($0.conscious) }.max() ?? 0
        let mealWidth = rows.map { DisplayText.width($0.meal) }.max() ?? 0
        let lines = rows.map { row in
            guard let timer = row.timer else {
                return "\(row.time)  \(pad(row.conscious, consciousWidth))  \(row.meal)"
            }
            return "\(row.time)  \(pad(row.conscious, consciousWidth))  \(pad(row.meal, mealWidth))  \(timer)"
        }
        return Output(stdout: lines.joined(separator: "\n"))
    }

    /// A running timer in `widget timeline --json`, as `status --json`'s `running` says it.
    static func timerJSON(_ timer: RunningTimer, at date: Int64, zone: any TimeZoneRules) -> String {
        let seconds = timer.seconds(at: date)
        return JSONText.object([
            ("entry", JSONText.string(timer.entry)),
            ("type", JSONText.string(timer.type)),
            ("since", JSONText.string(zone.localInstant(at: timer.since).iso8601)),
            ("running", "true"),
            ("seconds", String(seconds)),
            ("text", JSONText.string(formatDuration(seconds))),
            ("goalSeconds", timer.goalSeconds.map { String($0) }),
            ("goalAt", timer.goalSeconds.map { JSONText.string(zone.localInstant(at: timer.since + $0).iso8601) }),
            ("taskTitle", timer.taskTitle.map(JSONText.string)),
        ])
    }

    package static func pending(_ store: WidgetStore, json: Bool, zone: any TimeZoneRules) -> Output {
        pendingText(store.snapshot(), of: store, json: json, zone: zone)
    }

    /// What a snapshot of `store`'s queue holds, as lines or JSON (the store names its files).
    package static func pendingText(
        _ snapshot: WidgetStore.Snapshot, of store: WidgetStore, json: Bool, zone: any TimeZoneRules
    ) -> Output {
        let counts = QueueCounts(snapshot.queue, failures: snapshot.failures)
        let rows = zip(snapshot.queue.elements, counts.rows).enumerated().map { index, pair in
            (
                number: index + 1, line: pair.0.line, item: try? pair.0.item.get(), status: pair.1.status,
                detail: pair.1.detail, inLog: pair.0.origin == .log
            )
        }
        func describe(_ item: PendingItem) -> (type: String, at: String, shape: String) {
            Self.describe(item, zone: zone)
        }
        if json {
            let items = rows.map { row in
                let described = row.item.map(describe)
                var members: [(String, String?)] = [
                    ("number", String(row.number)), ("line", String(row.line)),
                    ("file", JSONText.string(row.inLog ? "queue.log" : "PendingActivities.json")),
                    ("status", JSONText.string(row.status.rawValue)),
                ]
                members.append(("shape", described.map { JSONText.string($0.shape) }))
                members.append(("type", described.map { JSONText.string($0.type) }))
                members.append(("at", described.map { JSONText.string($0.at) }))
                if case .action(let action)? = row.item { members.append(("id", JSONText.string(action.id))) }
                members.append(("detail", row.detail.map(JSONText.string)))
                return JSONText.object(members)
            }
            return Output(
                stdout: JSONText.object([
                    ("items", JSONText.array(items)),
                    ("savedAside", JSONText.array(snapshot.savedAside.map { JSONText.string(store.directory + $0) })),
                    ("drainInterrupted", snapshot.drainInterrupted ? "true" : "false"),
                    ("waiting", String(counts.waiting)),
                    ("processed", String(counts.processed)),
                ]))
        }
        var lines: [String] = []
        if counts.waiting == 0 {
            lines.append(
                counts.processed == 0
                    ? "Nothing is waiting; the queue is \(store.queuePath)"
                    : "Nothing is waiting; the queue \(store.queuePath) holds only \(counts.processed) processed action\(counts.processed == 1 ? "" : "s") kept for \(counts.processed == 1 ? "its app" : "their app"):"
            )
        } else {
            let when =
                counts.blocked == 0
                ? "committed by the next alog command that opens the vault"
                : "\(counts.committable) committed by the next alog command that opens the vault, \(counts.blocked) cannot be as they are"
            lines.append(
                "\(QueueCounts.items(counts.waiting)) in \(store.queueFiles(holding: snapshot.queue)) (\(when))\(counts.processedClause):"
            )
        }
        for row in rows {
            let described = row.item.map(describe)
            let what =
                described.map {
                    "\(pad(DisplayText.line($0.type, width: 40), 10))  \(pad($0.at, 25))  \(pad($0.shape, 12))"
                } ?? "line \(row.line)"
            lines.append(
                "  \(pad(String(row.number), 3)) \(what)  \(row.status.rawValue)\(row.detail.map { ": " + DisplayText.escaped($0) } ?? "")"
            )
        }
        if snapshot.drainInterrupted { lines.append("A drain was interrupted; the next alog command finishes it.") }
        for aside in snapshot.savedAside {
            lines.append(
                "Unreadable queue text was saved aside in \(store.directory + aside); nothing in it was committed.")
        }
        if rows.contains(where: { $0.status == .failed || $0.status == .invalid }) {
            lines.append(
                "Fix the cause (say, 'alog types add NAME'), or remove items with 'alog widget discard NUMBER…'.")
        }
        return Output(stdout: lines.joined(separator: "\n"))
    }

    /// A queued item's type (or task), time and shape, as `pending` lists them.
    static func describe(_ item: PendingItem, zone: any TimeZoneRules) -> (type: String, at: String, shape: String) {
        switch item {
        case .activity(let type, let time):
            return (type, zone.localInstant(at: time).iso8601, "activity")
        case .action(let action):
            return (action.taskID, action.instant(zone: zone).iso8601, action.kind.rawValue)
        }
    }

    /// `alog widget discard NUMBER…`: removes the items and says each as `pending` listed it
    /// (`discarded 2: meal  2026-11-25T02:01:43Z  activity`).
    package static func discard(_ store: WidgetStore, numbers: [Int], zone: any TimeZoneRules) throws -> Output {
        discardText(try store.discard(numbers), numbers: numbers, zone: zone)
    }

    /// What `discard` says of the items it removed (`numbers`, as given).
    package static func discardText(_ removed: [PendingQueue.Element], numbers: [Int], zone: any TimeZoneRules)
        -> Output
    {
        let lines = zip(Set(numbers).sorted(), removed).map { number, element in
            let what =
                (try? element.item.get()).map {
                    let described = describe($0, zone: zone)
                    return "\(DisplayText.line(described.type, width: 40))  \(described.at)  \(described.shape)"
                }
                ?? "line \(element.line), unreadable: \(DisplayText.line(String(decoding: element.raw, as: UTF8.self), width: 60))"
            return "discarded \(number): \(what)"
        }
        return Output(stdout: lines.joined(separator: "\n"))
    }

    /// What `alog widget pending` says of an item.
    package typealias PendingStatus = QueueCounts.Status

    private static func pad(_ text: String, _ width: Int) -> String {
        let count = DisplayText.width(text)
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }
}
