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

    /// The typed query of this command line.
    var query: ExportQuery { ExportQuery(format: format, range: span.words, types: types, tags: tags) }

    func validate() throws { try query.checkedOptions() }

    func execute() throws -> (text: String, count: Int, file: String?) {
        let exported = try query.perform(in: options.access)
        if let output { try writeOutput(exported.text, to: output) }
        return (exported.text, exported.count, output)
    }

    func render(_ exported: (text: String, count: Int, file: String?)) {
        guard let file = exported.file else { return StandardStream.output(exported.text) }
        Terminal.note("wrote \(exported.count) entr\(exported.count == 1 ? "y" : "ies") to \(file)")
    }
}
