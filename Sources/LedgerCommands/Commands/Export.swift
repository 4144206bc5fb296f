import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerInterchange
import LedgerOutput
import LedgerReports
import LedgerSystem
import LedgerVault

struct Export: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the entries (all, or a range) as CSV, JSON, timewarrior's export JSON or Watson's frames.",
        discussion: """
            Oldest first. csv: id,type,group,start,end,seconds,note. json: history --json's items. \
            timewarrior and watson: the timer entries only (those trackers have no instants; Watson \
            no running frame), in the form their import reads, so 'alog import' takes them back.
            """)

    @Option(help: "csv, json, timewarrior or watson.")
    var format = "csv"

    @OptionGroup var span: RangeOptions

    @Option(name: .customLong("type"), help: "Only this type (repeat for more).", completion: DynamicCompletion.types)
    var types: [String] = []

    @Option(
        name: .customLong("tag"), help: "Only entries with this tag (repeat: with all of them).",
        completion: DynamicCompletion.tags)
    var tags: [String] = []

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: ArgumentHelp("Write to FILE instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var options: VaultOptions

    func validate() throws {
        guard ExportFormat(rawValue: format) != nil else {
            throw ValidationError("--format \(DisplayText.quoted(format)): give csv, json, timewarrior or watson")
        }
    }

    /// The exported text, and the file it was written to (nil: it goes to standard output).
    func execute() throws -> (text: String, count: Int, file: String?) {
        let time = CommandClock.expression
        let range = try span.resolve(time)
        let typed = Set(try types.map(InputCheck.typeName))
        let wanted = Set(try InputCheck.tags(tags, plusRequired: false))
        let vault = try options.open()
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
        Terminal.reportLineIssues(vault)
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
        if let output { try writeOutput(text, to: output) }
        return (text, items.count, output)
    }

    func render(_ exported: (text: String, count: Int, file: String?)) {
        guard let file = exported.file else { return StandardStream.output(exported.text) }
        Terminal.note("wrote \(exported.count) entr\(exported.count == 1 ? "y" : "ies") to \(file)")
    }
}
