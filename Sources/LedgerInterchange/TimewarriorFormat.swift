import FoundationEssentials
import LedgerCore

/// timewarrior's data: the `YYYY-MM.data` files of its `data` folder, one interval a line
/// (`inc 20261120T090000Z - 20261120T100000Z # "deep focus" work # "an annotation"`: the end
/// is absent while it runs; tags follow the first `#`, quoted when they hold a space; the
/// annotation, JSON-quoted, follows a second `#`, which stands alone as `# #` when there are no
/// tags), or the JSON array of `timew export`.
package enum TimewarriorFormat {
    /// The records of one data file's text, and the lines that cannot be read; `file` names
    /// it in errors. Reading stops once `errorLimit` lines could not be read.
    package static func records(dataFile text: String, file: String, errorLimit: Int = .max) -> (
        records: [ImportRecord], errors: [ImportError]
    ) {
        records(dataFile: Array(text.utf8), file: file, errorLimit: errorLimit)
    }

    /// The same, from the file's bytes: each line is decoded as it is read, so the lines after
    /// the limit are never decoded (a large file of random bytes is mostly UTF-8 to repair).
    package static func records(dataFile bytes: [UInt8], file: String, errorLimit: Int = .max) -> (
        records: [ImportRecord], errors: [ImportError]
    ) {
        var records: [ImportRecord] = []
        var errors: [ImportError] = []
        for (number, bytes) in LineSplitter(bytes).enumerated() {
            if errors.count >= errorLimit { break }
            if bytes.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            do {
                records.append(try record(String(decoding: bytes, as: UTF8.self), file: file, line: number + 1))
            } catch {
                errors.append(error)
            }
        }
        return (records, errors)
    }

    /// The records of `timew export`'s JSON array (`{"id", "start", "end"?, "tags"?,
    /// "annotation"?}`); the line of an error is the interval's place in the array.
    package static func records(exportJSON bytes: [UInt8], file: String) -> (
        records: [ImportRecord], errors: [ImportError]
    ) {
        struct Exported: Decodable {
            var start: String
            var end: String?
            var tags: [String]?
            var annotation: String?
        }
        let intervals: [Exported]
        do {
            intervals = try JSONDecoder().decode([Exported].self, from: Data(bytes))
        } catch {
            let reason = "not the JSON of 'timew export' (an array of {start, end, tags})"
            return ([], [ImportError(file: file, line: 1, reason: reason)])
        }
        var records: [ImportRecord] = []
        var errors: [ImportError] = []
        for (index, interval) in intervals.enumerated() {
            func fail(_ reason: String) -> ImportError {
                ImportError(file: file, line: index + 1, reason: "interval \(index + 1): \(reason)")
            }
            guard let start = instant(interval.start) else {
                errors.append(fail("the start is not a time of the form 20261120T090000Z"))
                continue
            }
            var end: Int64?
            if let text = interval.end {
                guard let parsed = instant(text), parsed >= start else {
                    errors.append(fail("the end is not a time of the form 20261120T100000Z, after the start"))
                    continue
                }
                end = parsed
            }
            records.append(
                ImportRecord(
                    file: file, line: index + 1, identity: "timewarrior:\(start)", start: start, end: end,
                    tags: interval.tags ?? [], annotation: interval.annotation.flatMap { $0.isEmpty ? nil : $0 }))
        }
        return (records, errors)
    }

    static func record(_ line: String, file: String, line number: Int) throws(ImportError) -> ImportRecord {
        func fail(_ reason: String) -> ImportError { ImportError(file: file, line: number, reason: reason) }
        var tokens: [Token]
        do { tokens = try tokenize(line) } catch { throw fail(error.reason) }
        guard tokens.first == .word("inc") else {
            throw fail("a timewarrior interval starts with 'inc'")
        }
        tokens.removeFirst()
        guard case .word(let startText)? = tokens.first, let start = instant(startText) else {
            throw fail("the start is not a time of the form 20261120T090000Z")
        }
        tokens.removeFirst()
        var end: Int64?
        if tokens.first == .word("-") {
            tokens.removeFirst()
            guard case .word(let endText)? = tokens.first, let parsed = instant(endText) else {
                throw fail("the end is not a time of the form 20261120T100000Z")
            }
            guard parsed >= start else { throw fail("the interval ends before it starts") }
            end = parsed
            tokens.removeFirst()
        }
        var tags: [String] = []
        var annotation: String?
        if !tokens.isEmpty {
            guard tokens.removeFirst() == .hash else { throw fail("expected '#' before the tags") }
            while let token = tokens.first, token != .hash {
                tokens.removeFirst()
                switch token {
                case .word(let tag), .quoted(let tag): tags.append(tag)
                case .hash: break
                }
            }
            if tokens.first == .hash {
                tokens.removeFirst()
                let rest = tokens.map { token -> String in
                    switch token {
                    case .word(let text), .quoted(let text): text
                    case .hash: "#"
                    }
                }
                annotation = rest.joined(separator: " ")
                tokens = []
            }
        }
        return ImportRecord(
            file: file, line: number, identity: "timewarrior:\(start)", start: start, end: end, tags: tags,
            annotation: annotation.flatMap { $0.isEmpty ? nil : $0 })
    }

    enum Token: Equatable {
        case word(String)
        case quoted(String)
        case hash
    }

    struct TokenError: Error { var reason: String }

    /// Words split at spaces; `"…"` with `\"`, `\\`, `\n`, `\t` and `\uXXXX` escapes is one
    /// token; a bare `#` is a separator.
    static func tokenize(_ line: String) throws(TokenError) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(line.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == " " || scalars[i] == "\t" {
                i += 1
                continue
            }
            if scalars[i] == "\"" {
                var text = String.UnicodeScalarView()
                i += 1
                var closed = false
                while i < scalars.count {
                    let c = scalars[i]
                    if c == "\"" {
                        closed = true
                        i += 1
                        break
                    }
                    if c == "\\", i + 1 < scalars.count {
                        let next = scalars[i + 1]
                        i += 2
                        switch next {
                        case "n": text.append("\n")
                        case "t": text.append("\t")
                        case "r": text.append("\r")
                        case "u":
                            guard i + 4 <= scalars.count,
                                let value = UInt32(String(String.UnicodeScalarView(scalars[i..<i + 4])), radix: 16),
                                let scalar = Unicode.Scalar(value)
                            else { throw TokenError(reason: "a \\u escape is not four hex digits of a character") }
                            text.append(scalar)
                            i += 4
                        default: text.append(next)
                        }
                        continue
                    }
                    text.append(c)
                    i += 1
                }
                guard closed else { throw TokenError(reason: "a quoted tag or annotation is not closed") }
                tokens.append(.quoted(String(text)))
                continue
            }
            var word = String.UnicodeScalarView()
            while i < scalars.count, scalars[i] != " ", scalars[i] != "\t" {
                word.append(scalars[i])
                i += 1
            }
            let text = String(word)
            tokens.append(text == "#" ? .hash : .word(text))
        }
        return tokens
    }

    /// `20261120T090000Z` as unix seconds.
    static func instant(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
            let minute = number(11..<13), let second = number(13..<15), hour < 24, minute < 60, second < 60
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        guard date.isValid else { return nil }
        let seconds = date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return ValidTime.contains(seconds: seconds) ? seconds : nil
    }
}
