import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerInterchange
import LedgerOutput
import LedgerReports
import LedgerVault

/// `export [--format csv|json|timewarrior|watson] [RANGE] [--type T…] [--tag T…]`: the entries,
/// oldest first, in a format another tool reads.
package struct ExportQuery: ReadUseCase {
    package var format: String
    package var range: RangeWords
    package var types: [String]
    package var tags: [String]

    package init(format: String = "csv", range: RangeWords = RangeWords(), types: [String] = [], tags: [String] = []) {
        (self.format, self.range, self.types, self.tags) = (format, range, types, tags)
    }

    /// The format and the range words, or the usage refusal.
    func checkedOptions() throws {
        try range.check()
        guard ExportFormat(rawValue: format) != nil else {
            throw ValidationError("--format \(DisplayText.quoted(format)): give csv, json, timewarrior or watson")
        }
    }

    package func perform(in access: VaultAccess) throws -> Exported {
        try checkedOptions()

        let time = CommandClock.expression
        let range = try self.range.resolve(time)
        let typed = Set(try types.map(InputCheck.typeName))
        let wanted = Set(try InputCheck.tags(tags, plusRequired: false))
        let vault = try access.open()
        let summary = try vault.summary()
        let (definitions, kept) = (summary.allTypes, try InputCheck.knownTypes(typed, in: summary))
        let filter = TypeFilter(types: kept, definitions: definitions)
        // The index's rows are in the timeline's order, with their windows as the whole
        // timeline lays them (a timer ended by the next one's start keeps that end even when
        // the next one is filtered out).
        var entries: [Entry] = []
        var intervals: [EventID: Timeline.Interval] = [:]
        try vault.readTimeIndex { index in
            (entries, intervals) = ([], [:])
            for number in index.rows(from: range?.from, to: range?.to) {
                let (entry, interval) = try index.entryAndWindow(number)
                guard filter.keeps(entry.type), wanted.isEmpty || Set(entry.tags).isSuperset(of: wanted) else {
                    continue
                }
                entries.append(entry)
                if let interval { intervals[entry.id] = interval }
            }
        }
        if format == ExportFormat.watson.rawValue {
            // A frame imported from Watson goes back with its own id, which the index does not keep.
            let state = try vault.state()
            for number in entries.indices where entries[number].isTimed {
                entries[number].ref = state.entry(entries[number].id)?.ref
            }
        }
        Housekeeping.lineIssues(of: vault).forEach(access.report)
        let items = entries.map {
            ExportFormat.Item(entry: $0, end: intervals[$0.id]?.end?.seconds, group: filter.groupOf[$0.type] ?? "")
        }
        let text: String
        switch ExportFormat(rawValue: format)! {
        case .csv: text = ExportFormat.csv(items, now: time.now)
        case .json:
            let types = Render.typeMap(definitions)
            text =
                JSONText.array(
                    items.map { item in
                        let window = intervals[item.entry.id].map { Render.Window($0, now: time.now) }
                        return Render.entryJSON(item.entry, types: types, window: window)
                    }) + "\n"
        case .timewarrior: text = ExportFormat.timewarrior(items)
        case .watson: text = ExportFormat.watson(items)
        }
        return Exported(text: text, count: items.count)
    }

    /// The export's bytes, as `alog export` prints them (its format, not always JSON).
    package func json(_ exported: Exported, write: ([UInt8]) -> Void) { write(Array(exported.text.utf8)) }
}

/// What an export wrote: its text, and how many entries are in it.
package struct Exported {
    package var text: String
    package var count: Int
}
