package import LedgerCore

/// klog's plain-text records (its `Specification.md`, version 1.4 and before): a date line
/// (`2024-03-01` or `2024/03/01`, maybe a should-total `(8h!)`), summary lines, then indented
/// entries: ranges (`9:00 - 12:30`, `8:00am - 1:15pm`, `<23:30 - 1:00>`), one open range per record
/// (`14:00 - ?`) and durations (`2h30m`, `-45m`). An entry's summary follows it on its line (and,
/// since klog 1.4, on lines indented deeper); `#tags` in summaries name what was done.
///
/// Times are wall-clock times of the record's date in `zone` (klog keeps no offset); a `<` puts
/// one on the day before, a `>` on the day after, and `24:00` is the next midnight. A range
/// becomes a window; an open range a running one. A duration has no start time, and alog keeps
/// when things happened, so it is reported as a record that cannot be imported (with the range
/// to write instead); so is a should-total's absence of anything, which is never an error.
package enum KlogFormat {
    /// The records of a klog file, and the lines that cannot be read or imported. Reading
    /// stops once `errorLimit` lines could not be read.
    package static func records(_ bytes: [UInt8], file: String, zone: any TimeZoneRules, errorLimit: Int = .max)
        -> (records: [ImportRecord], errors: [ImportError])
    {
        var reader = Reader(file: file, zone: zone)
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        // Lines end at `\n` (a `\r` before it is dropped), split and decoded as they are read.
        for (index, line) in LineSplitter(text).enumerated() {
            if reader.errors.count >= errorLimit { return (reader.records, reader.errors) }
            reader.read(Substring(String(decoding: line, as: UTF8.self)), line: index + 1)
        }
        reader.endRecord()
        return (reader.records, reader.errors)
    }

    /// The state of reading one file, line by line.
    struct Reader {
        let file: String
        let zone: any TimeZoneRules
        var records: [ImportRecord] = []
        var errors: [ImportError] = []

        /// The record being read: its date (nil between records, or after a bad date line),
        /// its summary's tags and first line, its entries' indentation, whether it has an open
        /// range, and whether its date line was refused (its entries are then passed over).
        var date: CivilDate?
        var recordTags: [String] = []
        var recordSummary: String?
        var indentation: Substring?
        var hasOpenRange = false
        var skippingRecord = false
        /// Set when the last entry's summary grew past what a note can hold: it was refused, and
        /// the lines that go on with it are passed over.
        var skippingSummary = false
        /// The index in `records` of the last entry, while its summary may go on.
        var lastEntry: Int?
        /// How often each start was seen, so two ranges that start together stay two records.
        var seenStarts: [Int64: Int] = [:]

        mutating func fail(_ line: Int, _ reason: String) {
            errors.append(ImportError(file: file, line: line, reason: reason))
        }

        mutating func endRecord() {
            date = nil
            (recordTags, recordSummary, indentation, hasOpenRange, skippingRecord, lastEntry) = (
                [], nil, nil, false, false, nil
            )
            skippingSummary = false
        }

        mutating func read(_ line: Substring, line number: Int) {
            if line.allSatisfy(\.isBlank) { return endRecord() }
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            if indent.isEmpty {
                if skippingRecord { return }
                guard date != nil else { return startRecord(line, number) }
                // A summary line of the record (only before its first entry).
                guard indentation == nil else {
                    return fail(
                        number,
                        "a line of the record's summary after its entries; indent it as an entry, or move it under the date"
                    )
                }
                recordSummary = recordSummary.map { $0 + "\n" + line } ?? String(line)
                if recordSummary!.utf8.count > KlogFormat.maxSummaryBytes {
                    skippingRecord = true
                    return fail(number, KlogFormat.overlongSummary("the record's summary"))
                }
                recordTags += KlogFormat.tags(in: line)
                return
            }
            if skippingRecord { return }
            guard date != nil else {
                return fail(
                    number,
                    "an indented line outside a record (a blank line ends a record); a record starts with its date (2024-03-01)"
                )
            }
            if let indentation, indent.count > indentation.count, indent.hasPrefix(indentation), skippingSummary {
                return
            }
            if let indentation, indent.count > indentation.count, indent.hasPrefix(indentation), let lastEntry {
                // A summary going on under its entry (klog 1.4).
                let more = line.drop { $0 == " " || $0 == "\t" }
                if (records[lastEntry].annotation?.utf8.count ?? 0) + more.utf8.count >= KlogFormat.maxSummaryBytes {
                    // Refused whole (never cut), and what goes on with it passed over.
                    records.removeLast()
                    (self.lastEntry, skippingSummary) = (nil, true)
                    return fail(number, KlogFormat.overlongSummary("the summary of the entry above"))
                }
                // Its tags go with the entry's own, before the record's.
                let own = records[lastEntry].tags.count - recordTags.count
                records[lastEntry].tags.insert(contentsOf: KlogFormat.tags(in: more), at: own)
                let before = records[lastEntry].annotation.map { $0 + "\n" } ?? ""
                records[lastEntry].annotation = before + more
                return
            }
            guard ["    ", "  ", "   ", "\t"].contains(indent) else {
                return fail(number, "an entry is indented by 2 to 4 spaces or one tab")
            }
            if let indentation, indentation != indent {
                return fail(number, "the entries of a record are indented alike; this one is not like the first")
            }
            indentation = indent
            entry(line.dropFirst(indent.count), number)
        }

        /// A date line: `YYYY-MM-DD` or `YYYY/MM/DD`, maybe a should-total after spaces.
        mutating func startRecord(_ line: Substring, _ number: Int) {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            let text = words[0]
            let parts = text.split(separator: text.contains("/") ? "/" : "-", omittingEmptySubsequences: false)
            guard text.count == 10, parts.count == 3, parts.map(\.count) == [4, 2, 2],
                parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
                case let day = CivilDate(year: Int(parts[0])!, month: Int(parts[1])!, day: Int(parts[2])!), day.isValid
            else {
                skippingRecord = true
                return fail(
                    number, "\(DisplayText.quoted(String(line))) is not a record's date (2024-03-01 or 2024/03/01)")
            }
            if words.count > 2 || (words.count == 2 && !KlogFormat.isShouldTotal(words[1])) {
                skippingRecord = true
                return fail(number, "after a record's date only a should-total such as (8h!) may follow")
            }
            date = day
        }

        /// One entry: a range, an open range or a duration, then its summary.
        mutating func entry(_ text: Substring, _ number: Int) {
            (lastEntry, skippingSummary) = (nil, false)
            let (value, summary) = Self.splitEntry(text)
            if KlogFormat.duration(value) != nil {
                return fail(
                    number,
                    "the duration \(DisplayText.quoted(String(value))) has no start time, and alog records when things happened; write it as a range (9:00 - 10:30), or import with --skip-invalid to leave it out"
                )
            }
            guard let dash = value.firstIndex(of: "-") else {
                return fail(
                    number,
                    "\(DisplayText.quoted(String(value))) is not a range (9:00 - 10:30), an open range (9:00 - ?) or a duration"
                )
            }
            let startText = Substring(value[..<dash].trimmingBlanks())
            let endText = Substring(value[value.index(after: dash)...].trimmingBlanks())
            guard let start = time(startText) else {
                return fail(
                    number, "\(DisplayText.quoted(String(startText))) is not a time (9:00, 8:30am, <23:00, 1:15>)")
            }
            var end: Int64?
            if !endText.isEmpty, endText.allSatisfy({ $0 == "?" }) {
                guard !hasOpenRange else { return fail(number, "a record has at most one open range") }
                hasOpenRange = true
            } else {
                guard let closed = time(endText) else {
                    return fail(
                        number, "\(DisplayText.quoted(String(endText))) is not a time (9:00, 8:30am, <23:00, 1:15>)")
                }
                guard closed >= start else { return fail(number, "the range ends before it starts") }
                end = closed
            }
            let seen = seenStarts[start, default: 0]
            seenStarts[start] = seen + 1
            let record = ImportRecord(
                file: file, line: number, identity: "klog:\(start)" + (seen == 0 ? "" : ":\(seen + 1)"), start: start,
                end: end, tags: KlogFormat.tags(in: summary ?? "") + recordTags,
                annotation: summary.map(String.init) ?? recordSummary)
            records.append(record)
            lastEntry = records.count - 1
        }

        /// A time of the record's date as an instant: `H:MM` or `HH:MM`, `am`/`pm`, a `<`
        /// (the day before) or `>` (the day after); `24:00` is the next midnight.
        func time(_ text: Substring) -> Int64? {
            guard let date else { return nil }
            var text = text
            var days: Int64 = 0
            if text.hasPrefix("<") {
                days = -1
                text = text.dropFirst()
            } else if text.hasSuffix(">") {
                days = 1
                text = text.dropLast()
            }
            var half: Int?
            let lowered = text.lowercased()
            if lowered.hasSuffix("am") || lowered.hasSuffix("pm") {
                half = lowered.hasSuffix("am") ? 0 : 12
                text = text.dropLast(2)
            }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
                parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), var hour = Int(parts[0]),
                let minute = Int(parts[1]),
                minute < 60
            else { return nil }
            if let half {
                guard (1...12).contains(hour) else { return nil }
                hour = hour % 12 + half
            } else {
                guard hour < 24 || (hour == 24 && minute == 0 && days <= 0) else { return nil }
            }
            let local = (date.daysSinceEpoch + days) * 86_400 + Int64(hour * 3600 + minute * 60)
            return zone.instant(forLocal: local).seconds
        }

        /// An entry's value and its summary (after the first space that ends the value; a
        /// range's own spaces around its dash stay in the value).
        static func splitEntry(_ text: Substring) -> (value: Substring, summary: Substring?) {
            let words = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            // `9:00 - 10:00 summary`: the value is three words; `9:00-10:00 summary` one.
            var count = 1
            if words.count >= 3, words[1] == "-" {
                count = 3
            } else if words.count >= 2, words[0].hasSuffix("-") || words[1].hasPrefix("-"),
                !words[0].hasPrefix("-"), !words[0].hasPrefix("+")
            {
                count = 2
            }
            let value = words.prefix(count).joined(separator: " ")
            let rest = text.dropFirst(value.count).drop { $0 == " " }
            return (Substring(value), rest.isEmpty ? nil : rest)
        }
    }

    /// The most bytes a summary is read to: past them it is longer than any note can be
    /// (`NoteText.maxCharacters` characters, each at most 4 bytes but for combined ones, which the
    /// import's own check of the note then refuses).
    static let maxSummaryBytes = NoteText.maxCharacters * 4

    static func overlongSummary(_ what: String) -> String {
        "\(what) is longer than a note can be (at most \(NoteText.maxCharacters) characters) and was not imported; shorten it, or leave the record out with --skip-invalid"
    }

    /// A klog duration (`1h`, `45m`, `4h12m`, `-8h30m`, `+2h`), in seconds.
    static func duration(_ text: Substring) -> Int64? {
        var rest = text
        var sign: Int64 = 1
        if rest.first == "-" || rest.first == "+" {
            sign = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        var hours: Int64?
        var minutes: Int64?
        var digits = ""
        for character in rest {
            if character.isASCIIDigit {
                digits.append(character)
            } else if character == "h", hours == nil, minutes == nil, let value = Int64(digits) {
                hours = value
                digits = ""
            } else if character == "m", minutes == nil, let value = Int64(digits) {
                minutes = value
                digits = ""
            } else {
                return nil
            }
        }
        guard digits.isEmpty, hours != nil || minutes != nil else { return nil }
        if hours != nil, let minutes, minutes > 59 { return nil }
        // A duration longer than alog's range of times (a fuzzed `99999999999999h`) is none:
        // the product would overflow.
        let limit = ValidTime.latestSeconds
        guard (hours ?? 0) <= limit / 3600, (minutes ?? 0) <= limit / 60 else { return nil }
        return sign * ((hours ?? 0) * 3600 + (minutes ?? 0) * 60)
    }

    /// `(8h!)`, `(-3h30m!)`.
    static func isShouldTotal(_ word: Substring) -> Bool {
        word.hasPrefix("(") && word.hasSuffix("!)") && duration(word.dropFirst().dropLast(2)) != nil
    }

    /// The `#tags` of a summary: letters, digits and `_` after a `#` (without the `#`).
    static func tags(in text: Substring) -> [String] {
        var tags: [String] = []
        var current: String?
        for character in text {
            if character == "#" {
                if let tag = current, !tag.isEmpty { tags.append(tag) }
                current = ""
            } else if current != nil, character.isLetter || character.isNumber || character == "_" {
                current!.append(character)
            } else {
                if let tag = current, !tag.isEmpty { tags.append(tag) }
                current = nil
            }
        }
        if let tag = current, !tag.isEmpty { tags.append(tag) }
        return tags
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    fileprivate var isBlank: Bool {
        self == " " || self == "\t" || unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }
}
