import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerReports

/// The range words `report` and `history` share: a named range (`:today` … `:all`), `--day`,
/// `--week`, `--month` or `--year` with an optional DATE, or `--from TIME [--to TIME]`.
struct RangeOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "A named range (:today, :yesterday, :week, :lastweek, :month, :lastmonth, :year, :lastyear, :all), or the DATE for --day, --week, --month or --year.",
            valueName: "range"))
    var range: String?

    @Flag(help: "The day DATE (YYYY-MM-DD; default today).")
    var day = false

    @Flag(help: "The week (Monday to Sunday) holding DATE (default this week).")
    var week = false

    @Flag(help: "The month YYYY-MM (default this month).")
    var month = false

    @Flag(help: "The year YYYY (default this year).")
    var year = false

    @Option(parsing: .unconditional, help: "The start of the range (a TIME as for 'alog log').")
    var from: String?

    @Option(parsing: .unconditional, help: "The end of the range (default now).")
    var to: String?

    /// The words as a request carries them.
    var words: RangeWords {
        RangeWords(range: range, day: day, week: week, month: month, year: year, from: from, to: to)
    }

    var isEmpty: Bool { words.isEmpty }

    func validate() throws { try words.check() }

    /// The range the words give (`RangeWords.resolve`).
    func resolve(_ given: TimeExpression) throws -> ReportRange? { try words.resolve(given) }

    static func date(_ text: String) throws -> CivilDate {
        guard let parsed = CivilDate.parse(text) else {
            throw ValidationError("\(DisplayText.quoted(text)) is not a date: give YYYY-MM-DD, YYYY-MM or YYYY")
        }
        return parsed.date
    }

    static func notARange(_ text: String) -> ValidationError {
        ValidationError(
            "\(DisplayText.quoted(text)) is not a range: give :today, :yesterday, :week, :lastweek, :month, :lastmonth, :year, :lastyear or :all, or --day/--week/--month/--year DATE, or --from TIME --to TIME"
        )
    }
}

/// The range words of a request: a named range (`:today` … `:all`), `day`, `week`, `month` or
/// `year` with an optional DATE (`range`), or `from` TIME with an optional `to`.
package struct RangeWords: Codable, Sendable, Equatable {
    package var range: String?
    package var day = false
    package var week = false
    package var month = false
    package var year = false
    package var from: String?
    package var to: String?

    package init(
        range: String? = nil, day: Bool = false, week: Bool = false, month: Bool = false, year: Bool = false,
        from: String? = nil, to: String? = nil
    ) {
        (self.range, self.day, self.week, self.month, self.year, self.from, self.to) =
            (range, day, week, month, year, from, to)
    }

    var isEmpty: Bool { range == nil && !day && !week && !month && !year && from == nil }

    /// The words make one range, or the refusal (a usage error, as the parser's checks are).
    func check() throws {
        if [day, week, month, year].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --day, --week, --month and --year")
        }
        if (from != nil || to != nil) && (day || week || month || year || range != nil) {
            throw ValidationError("give either --from/--to or a range (:week, --month …), not both")
        }
        if to != nil && from == nil { throw ValidationError("--to needs --from") }
        if let range {
            if day || week || month || year {
                _ = try RangeOptions.date(range)
            } else if ReportRange.named(range, now: 0, calendar: LocalCalendar(zone: FixedOffsetZone(offset: 0))) == nil
            {
                throw RangeOptions.notARange(range)
            }
        }
    }

    /// The range the words give, read against `time`'s now and zone; nil when none is given.
    /// A range may end, or even start, in the future (`--to 2026-11-30` on the 28th): nothing
    /// is recorded there, and only what already happened counts.
    func resolve(_ given: TimeExpression) throws -> ReportRange? {
        var time = given
        time.allowsFuture = true
        let calendar = UserCalendar.current(zone: time.zone)
        if let from {
            let start = try time.parse(from)
            let end = try to.map { try time.parse($0) } ?? time.zone.localInstant(at: time.now)
            guard end.seconds > start.seconds else {
                throw ValidationError("--to must be later than --from (\(start.iso8601) to \(end.iso8601))")
            }
            let label = "\(Render.clockAndDate(start, zone: time.zone)) to \(Render.clockAndDate(end, zone: time.zone))"
            return ReportRange(from: start.seconds, to: end.seconds, label: label)
        }
        if day || week || month || year {
            // Without a DATE, the current one: the named range (`today`, `this week`, …).
            guard let range else {
                return ReportRange.named(
                    day ? "today" : week ? "week" : month ? "month" : "year", now: time.now, calendar: calendar)
            }
            let date = try RangeOptions.date(range)
            if day { return .day(date, calendar) }
            if week { return .week(date, calendar) }
            if month { return .month(date, calendar) }
            return .year(date.year, calendar)
        }
        guard let range else { return nil }
        guard let named = ReportRange.named(range, now: time.now, calendar: calendar) else {
            throw RangeOptions.notARange(range)
        }
        return named
    }
}
