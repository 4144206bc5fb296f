import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerReports
import LedgerSystem
import LedgerVault

struct Report: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Time and counts per type, group, day, week or month over a range (default: this week by type).",
        discussion: """
            RANGE: :today, :yesterday, :week, :lastweek, :month, :lastmonth, :year, :lastyear, :all \
            (the colon may be left out); or --day [DATE], --week [DATE], --month [YYYY-MM], --year [YYYY]; \
            or --from TIME --to TIME. Days are the local days of your zone (--tz ZONE for another): a \
            window crossing midnight is split there, a day when the clocks change has 23 or 25 hours, \
            weeks start on Monday. Timers add their time inside the range (a running one up to now); \
            entries without a window add a count.
            """)

    @OptionGroup var span: RangeOptions

    @Option(help: "Rows by type, group, tag, day, week or month.")
    var by: String = "type"

    @Option(name: .customLong("type"), help: "Only this type (repeat for more).", completion: DynamicCompletion.types)
    var types: [String] = []

    @Option(name: .customLong("group"), help: "Only the types of this group (repeat for more).")
    var groups: [String] = []

    @Option(
        name: .customLong("tag"), help: "Only entries with this tag (repeat: with all of them).",
        completion: DynamicCompletion.tags)
    var tags: [String] = []

    @Option(help: "Report in this zone (an IANA name, e.g. America/New_York) instead of the local one.")
    var tz: String?

    @Flag(help: "Print JSON (documented in docs/cli.md).")
    var json = false

    @Flag(help: "Print CSV: key,seconds,count,running, then a total line.")
    var csv = false

    @OptionGroup var options: VaultOptions

    typealias Input = ReportQuery.Input

    func validate() throws {
        if json && csv { throw ValidationError("give --json or --csv, not both") }
        try query.checkedOptions()
    }

    static func grouping(_ by: String) throws -> Rollup.Grouping {
        guard let grouping = Rollup.Grouping(rawValue: by.lowercased()) else {
            throw ValidationError("--by \(DisplayText.quoted(by)): give type, group, tag, day, week or month")
        }
        return grouping
    }

    /// An IANA zone name that names a zone of this system's zoneinfo.
    static func checkZone(_ name: String) throws {
        let safe =
            !name.isEmpty && !name.hasPrefix("/") && !name.split(separator: "/").contains("..")
            && name.unicodeScalars.allSatisfy { $0.isASCII && !DisplayText.isUnsafe($0) && $0 != " " }
        guard safe, FileSystem.entryKind("/usr/share/zoneinfo/" + name) == .file else {
            throw ValidationError(
                "\(DisplayText.quoted(name)) is not a time zone this system knows; give an IANA name such as Europe/Berlin or America/New_York (the names in /usr/share/zoneinfo)"
            )
        }
    }

    /// The typed query of this command line.
    var query: ReportQuery { ReportQuery(range: span.words, by: by, types: types, groups: groups, tags: tags, tz: tz) }

    func checkedInput(_ time: TimeExpression) throws -> Input { try query.checkedInput(time) }

    func execute() throws -> Reported { try query.perform(in: options.access) }

    /// Only the entries of the range (and the timer whose window reaches into it) are read, from
    /// the time index, with their types and tags.
    static func occurrences(_ vault: Vault, from: Int64, to: Int64) throws -> Occurrences {
        try vault.readTimeIndex { try $0.occurrences(from: from, to: to) }
    }

    func render(_ reported: Reported) {
        if json {
            query.json(reported, write: emitPart)
        } else if csv {
            emit(ReportView.csv(reported.rollup))
        } else {
            emit(ReportView.table(reported.rollup, types: reported.types, calendar: reported.calendar))
        }
    }
}
