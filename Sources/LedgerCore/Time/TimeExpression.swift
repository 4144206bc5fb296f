/// Turns what a user types after `--at` into an instant.
///
/// Accepted: `now`; `today`, `yesterday` (the start of the day); ISO 8601 (`2024-03-01T07:30`,
/// `2024-03-01T07:30:00+01:00`, `2024-03-01`);
/// `HH:MM` or `HH:MM:SS` (today's; one later than now is refused with the fix, `yesterday HH:MM`);
/// `today HH:MM`; `yesterday HH:MM`; relative `-15m`, `-2h`, `-1h30m`, `-1d`, `-90s`, also
/// written `15m ago`. Times more than `futureTolerance` ahead of now are refused. A local time
/// without an offset that a daylight-saving switch skips is refused; one it repeats means the
/// first occurrence.
public struct TimeExpression: Sendable {
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public var input: String
        public var reason: String
        /// How far ahead of now the time is, when that is why it was refused.
        public var aheadBy: Int64? = nil
        public var description: String { "invalid time \(DisplayText.quoted(input)): \(reason)" }
    }

    public var now: Int64
    public var zone: any TimeZoneRules
    /// How far ahead of now an entry may be (small clock differences between devices).
    public var futureTolerance: Int64 = 300
    /// True where a time bounds a range rather than records an entry (`report --to
    /// 2026-11-30`, as timewarrior takes it): any time ahead of now is taken, and a clock
    /// time later than now is today's.
    public var allowsFuture = false

    public init(now: Int64, zone: any TimeZoneRules) {
        self.now = now
        self.zone = zone
    }

    static let accepted =
        "accepted: now, today, yesterday (their start), a date (2024-03-01), ISO 8601 (2024-03-01T07:30, 2024-03-01T07:30+01:00), a clock time (07:30, 7:30:15, 0730, 7pm), 'today 07:30', 'yesterday 22:10', or a relative time (-15m, -2h30m, -7d, -1w, 1.5h ago, '2 days ago')"

    public func parse(_ raw: String) throws(ParseError) -> LocalInstant {
        let text = raw.trimmingSpaces.lowercased()
        return try recordable(try interpret(text, raw: raw), as: raw)
    }

    /// `instant`, when an entry may record it: not more than `futureTolerance` ahead of now,
    /// not before 1970; else the refusal, naming it as `raw` (also for a time computed from
    /// the words, as the end of `13:00 for 2h`).
    public func recordable(_ instant: LocalInstant, as raw: String) throws(ParseError) -> LocalInstant {
        if instant.seconds > now + futureTolerance, !allowsFuture {
            throw ParseError(
                input: raw,
                reason:
                    "it is \(formatDuration(instant.seconds - now)) in the future; entries record what already happened",
                aheadBy: instant.seconds - now)
        }
        if instant.seconds < 0 {
            throw ParseError(input: raw, reason: "it is before 1970")
        }
        return instant
    }

    private func interpret(_ given: String, raw: String) throws(ParseError) -> LocalInstant {
        // `7:30 pm` is `7:30pm`.
        var text = given
        for suffix in [" am", " pm"] where text.hasSuffix(suffix) {
            text = String(text.dropLast(suffix.count)) + suffix.dropFirst()
        }
        if text.isEmpty { throw ParseError(input: raw, reason: "empty; " + Self.accepted) }
        if text == "now" { return zone.localInstant(at: now) }
        // The start of today or yesterday (`--since today`).
        if text == "today" || text == "yesterday" {
            let today = zone.localInstant(at: now).localDateAndTime.date.daysSinceEpoch
            return zone.instant(forLocal: (text == "today" ? today : today - 1) * 86_400)
        }
        if text.hasPrefix("-") || text.hasSuffix(" ago") {
            var body = Substring(text)
            if body.hasPrefix("-") {
                body = body.dropFirst()
            } else {
                body = body.dropLast(3).trimmingSpaces
            }
            guard let seconds = Self.relativeSeconds(Self.unitLetters(body.trimmingSpaces)) else {
                throw ParseError(input: raw, reason: "unknown relative time; " + Self.accepted)
            }
            return zone.localInstant(at: now - seconds)
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        if words.count == 2, words[0] == "today" || words[0] == "yesterday", let clock = Self.clock(words[1]) {
            let today = zone.localInstant(at: now).localDateAndTime.date.daysSinceEpoch
            let day = words[0] == "today" ? today : today - 1
            return try existing(day * 86_400 + clock, raw: raw)
        }
        if words.count == 1, let clock = Self.clock(words[0]) {
            let today = zone.localInstant(at: now).localDateAndTime.date.daysSinceEpoch
            // A skipped time today counts as ahead by where it would land (after the gap).
            let landing = zone.instant(forLocal: today * 86_400 + clock).seconds
            if landing <= now + futureTolerance || allowsFuture {
                return try existing(today * 86_400 + clock, raw: raw)
            }
            // Later today than now: never quietly yesterday's (a 13:00 typed at 11:10 would
            // make a timer of nearly a day). Yesterday's is one word away.
            let shown = LocalInstant.clock(Int(clock), seconds: clock % 60 != 0)
            throw ParseError(
                input: raw,
                reason:
                    "\(shown) today is \(formatDuration(landing - now)) from now, and entries record what already happened; for yesterday's \(shown), write 'yesterday \(shown)'",
                aheadBy: landing - now)
        }
        if let parsed = ISO8601.parse(String(raw.trimmingSpaces)) {
            if let instant = parsed.instant { return instant }
            // A date alone is the start of that day, also where the clocks skip midnight.
            if !parsed.hasTime { return zone.instant(forLocal: parsed.localSeconds) }
            return try existing(parsed.localSeconds, raw: raw)
        }
        throw ParseError(input: raw, reason: "not a time I understand; " + Self.accepted)
    }

    /// The instant a local wall time without an offset names: the first occurrence of a
    /// repeated one (clocks going back); a skipped one (clocks going forward) is refused with
    /// the gap, the times either side of it and the same time with an explicit offset.
    func existing(_ localSeconds: Int64, raw: String) throws(ParseError) -> LocalInstant {
        switch zone.resolve(local: localSeconds) {
        case .unique(let instant), .ambiguous(let instant, _): return instant
        case .skipped(let transition, let before, let after):
            let wall = LocalInstant(seconds: localSeconds, offset: 0).localDateAndTime
            let from = LocalInstant(seconds: transition, offset: before)
            let to = LocalInstant(seconds: transition, offset: after)
            let lastBefore = LocalInstant(seconds: transition - 60, offset: before)
            let explicit = "\(wall.date.iso)T\(LocalInstant.clock(wall.secondOfDay, seconds: false))"
            throw ParseError(
                input: raw,
                reason:
                    "\(LocalInstant.clock(wall.secondOfDay, seconds: false)) does not exist on \(wall.date.iso) in this time zone (clocks jumped from \(from.localTime) to \(to.localTime)); use \(lastBefore.localTime) or \(to.localTime), or give an offset: \(explicit)\(LocalInstant.offsetText(before))"
            )
        }
    }

    /// `H:MM`, `HH:MM`, `HHMM` (four digits), and with `am`/`pm` (`7:30pm`, `7pm`, `12am`) →
    /// seconds into the day.
    static func clock(_ text: Substring) -> Int64? {
        var text = text
        var meridiem: Substring?
        for suffix in ["am", "pm", "a.m.", "p.m."] where text.hasSuffix(suffix) {
            meridiem = suffix.prefix(1)
            text = text.dropLast(suffix.count).trimmingSpaces
            break
        }
        if let meridiem {
            // 1–12, with or without minutes.
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), (1...2).contains(parts[0].count),
                parts[0].allSatisfy(\.isASCII), let hour = Int64(parts[0]), (1...12).contains(hour)
            else { return nil }
            var minute: Int64 = 0
            if parts.count == 2 {
                guard parts[1].count == 2, parts[1].allSatisfy(\.isASCII), let m = Int64(parts[1]), (0..<60).contains(m)
                else { return nil }
                minute = m
            }
            let hour24 = hour % 12 + (meridiem == "p" ? 12 : 0)
            return hour24 * 3600 + minute * 60
        }
        if text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let hour = Int64(text.prefix(2)),
            let minute = Int64(text.suffix(2)), (0..<24).contains(hour), (0..<60).contains(minute)
        {
            return hour * 3600 + minute * 60
        }
        // `HH:MM`, or `HH:MM:SS` (timewarrior's `22:19:47`).
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), (1...2).contains(parts[0].count),
            parts.dropFirst().allSatisfy({ $0.count == 2 }), parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let hour = Int64(parts[0]), let minute = Int64(parts[1]), (0..<24).contains(hour),
            (0..<60).contains(minute)
        else { return nil }
        guard parts.count == 3 else { return hour * 3600 + minute * 60 }
        guard let second = Int64(parts[2]), (0..<60).contains(second) else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// Unit → (rank, seconds); units must appear in rank order.
    static let relativeUnits: [Character: (Int, Int64)] = [
        "w": (0, 604_800), "d": (1, 86_400), "h": (2, 3600), "m": (3, 60), "s": (4, 1),
    ]

    /// Unit words as a person writes them (`2 days`, `1 hour 30 minutes`, `90 secs`) → the
    /// letters `relativeSeconds` reads (`2d`, `1h30m`, `90s`).
    static func unitLetters(_ text: Substring) -> Substring {
        let words: [(String, String)] = [
            ("weeks", "w"), ("week", "w"), ("wk", "w"), ("days", "d"), ("day", "d"), ("hours", "h"), ("hour", "h"),
            ("hrs", "h"), ("hr", "h"), ("minutes", "m"), ("minute", "m"), ("mins", "m"), ("min", "m"),
            ("seconds", "s"), ("second", "s"), ("secs", "s"), ("sec", "s"),
        ]
        var result = ""
        var rest = Substring(text)
        outer: while let first = rest.first {
            if first.isLetter {
                for (word, letter) in words where rest.hasPrefix(word) {
                    let after = rest.dropFirst(word.count)
                    if after.first?.isLetter != true {
                        result += letter
                        rest = after
                        continue outer
                    }
                }
            }
            if first != " " && first != "," { result.append(first) }
            rest = rest.dropFirst()
        }
        return Substring(result)
    }

    /// `1w2d3h30m15s` (any subset, in that order; a number may have a decimal part, `1.5h`) →
    /// seconds.
    static func relativeSeconds(_ text: Substring) -> Int64? {
        var total: Int64 = 0
        var whole: Int64?
        var fraction: (digits: Int64, scale: Int64)?
        var lastUnit = -1
        for char in text where char != " " {
            if let digit = char.wholeNumberValue, char.isASCII {
                if var part = fraction {
                    guard part.scale < 1_000_000 else { return nil }
                    part.digits = part.digits * 10 + Int64(digit)
                    part.scale *= 10
                    fraction = part
                } else {
                    whole = (whole ?? 0) * 10 + Int64(digit)
                    guard whole! < 1_000_000 else { return nil }
                }
                continue
            }
            if char == ".", whole != nil, fraction == nil {
                fraction = (0, 1)
                continue
            }
            guard let (rank, scale) = relativeUnits[char], let value = whole, rank > lastUnit else { return nil }
            total += value * scale
            if let fraction {
                guard fraction.scale > 1 else { return nil }
                total += fraction.digits * scale / fraction.scale
            }
            whole = nil
            fraction = nil
            lastUnit = rank
        }
        guard whole == nil, fraction == nil, lastUnit >= 0 else { return nil }
        return total
    }
}

extension StringProtocol where SubSequence == Substring {
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}

/// Compact duration text, the one formatter of every duration alog prints: `45s` under a
/// minute, then the largest unit and the next one when it is not zero — `12m`, `1h 40m`, `3h`,
/// `2d 3h` — never zero-padded parts ("1h 40m", not "1h 40m 00s"). Negative durations print
/// as `0s` (JSON carries the seconds).
public func formatDuration(_ seconds: Int64) -> String {
    let total = max(0, seconds)
    let days = total / 86_400
    let hours = total % 86_400 / 3600
    let minutes = total % 3600 / 60
    if days > 0 { return hours > 0 ? "\(days)d \(hours)h" : "\(days)d" }
    if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
    if minutes > 0 { return "\(minutes)m" }
    return "\(total)s"
}

/// A tracked window's length as timewarrior users read it, seconds kept where they matter:
/// `7s`, `12m 30s` (`12m` when whole minutes), then from an hour on as `formatDuration` does
/// (`1h 40m`, `2d 3h`). Used where time spent is shown (history windows, reports, the
/// running timer, `stop`, `track`); a time since something (`meal 45m ago`) keeps minutes.
public func formatTrackedDuration(_ seconds: Int64) -> String {
    let total = max(0, seconds)
    guard total >= 60, total < 3600 else { return formatDuration(total) }
    let rest = total % 60
    return rest == 0 ? "\(total / 60)m" : "\(total / 60)m \(rest)s"
}

/// Reads a duration as `--goal` and `alog goals set` take it: the relative-time spelling of
/// `--at` without its sign (`45m`, `1h30m`, `1.5h`, `2d`, `1w`, `90s`, `2 hours`). Nil when it
/// is not one.
public func parseDuration(_ text: String) -> Int64? {
    let trimmed = text.trimmingSpaces.lowercased()
    guard !trimmed.isEmpty, !trimmed.hasPrefix("-"), !trimmed.hasPrefix("+") else { return nil }
    return TimeExpression.relativeSeconds(TimeExpression.unitLetters(Substring(trimmed)))
}
