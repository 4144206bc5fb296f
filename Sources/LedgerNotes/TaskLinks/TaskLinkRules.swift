import LedgerCore

/// Each parameter's rule (the seed's validation rules, made exact), applied to decoded values.
enum TaskLinkRules {
    static let maxIDLength = 255
    static let maxTitleLength = 500
    static let callbackSchemes = ["exocortex", "obsidian"]

    /// `id`: `^[a-zA-Z0-9-]+$`, at most 255 characters (the note's file name without `.md`).
    static func id(_ value: String) throws(TaskLinkError) -> String {
        let accepted = "accepted: 1 to \(maxIDLength) of the letters A–Z and a–z, the digits and '-'"
        guard !value.isEmpty else { throw TaskLinkError(.invalidValue, "id", "id is empty; " + accepted) }
        var text = value
        let bad = text.withUTF8 { buffer -> Int? in
            guard let bytes = buffer.baseAddress else { return nil }
            var index = 0
            while index < buffer.count {
                let byte = bytes[index]
                guard
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                        || byte == 0x2D
                else { return index }
                index += 1
            }
            return nil
        }
        if let bad {
            // Every byte before it is ASCII: its place in bytes is its place in characters.
            let character = String(value.unicodeScalars.dropFirst(bad).prefix(1))
            throw TaskLinkError(
                .invalidValue, "id",
                "id \(TaskLinkError.echo(value)) has \(TaskLinkError.echo(character)) at character \(bad + 1); "
                    + accepted)
        }
        let position = value.utf8.count
        guard position <= maxIDLength else {
            throw TaskLinkError(.invalidValue, "id", "id has \(position) characters; " + accepted)
        }
        return value
    }

    /// `title`: at most 500 characters (Unicode scalars), not empty nor only white space
    /// (Unicode's White_Space). Kept as given, spaces around it included.
    static func title(_ value: String) throws(TaskLinkError) -> String {
        let accepted = "accepted: 1 to \(maxTitleLength) characters, not only spaces"
        guard value.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw TaskLinkError(
                .invalidValue, "title", (value.isEmpty ? "title is empty; " : "title is only spaces; ") + accepted)
        }
        // At most one scalar per byte: only a long title needs counting.
        let count = value.utf8.count <= maxTitleLength ? 0 : value.unicodeScalars.count
        guard count <= maxTitleLength else {
            throw TaskLinkError(.invalidValue, "title", "title has \(count) characters; " + accepted)
        }
        return value
    }

    /// `startTime`: RFC 3339's ISO 8601 (`YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, `T` and
    /// `Z` in either case), with the offset written kept; the fraction is dropped (the
    /// instant is compared at whole seconds). Not before 1970 (alog records nothing earlier)
    /// and not after `now`.
    static func startTime(_ value: String, now: Int64) throws(TaskLinkError) -> LocalInstant {
        guard let instant = rfc3339(value) else {
            throw TaskLinkError(
                .invalidValue, "startTime",
                "startTime \(TaskLinkError.echo(value)) is not an ISO 8601 date and time with seconds and a zone; accepted: e.g. 2025-11-01T10:30:00Z, 2025-11-01T12:30:00.250+02:00"
            )
        }
        guard instant.seconds >= ValidTime.earliestSeconds else {
            throw TaskLinkError(
                .invalidValue, "startTime",
                "startTime \(TaskLinkError.echo(value)) is before 1970; accepted: a time from 1970 on, not after now")
        }
        guard instant.seconds <= now else {
            throw TaskLinkError(
                .startInFuture, "startTime",
                "startTime \(TaskLinkError.echo(value)) is \(formatDuration(instant.seconds - now)) in the future (now is \(LocalInstant(seconds: now, offset: 0).iso8601)); accepted: a time not after now"
            )
        }
        return instant
    }

    /// The instant `text` writes in RFC 3339's form, or nil. LedgerCore's `ISO8601` reads
    /// the fields (and checks the date, the clock and the offset's range) once the shape is
    /// known to be exactly RFC 3339's.
    static func rfc3339(_ text: String) -> LocalInstant? {
        var text = text
        return text.withUTF8 { bytes in
            func digits(_ start: Int, _ count: Int) -> Bool {
                guard start + count <= bytes.count else { return false }
                for index in start..<(start + count) where bytes[index] < 0x30 || bytes[index] > 0x39 { return false }
                return true
            }
            func byte(_ index: Int, _ one: UInt8, _ other: UInt8) -> Bool {
                index < bytes.count && (bytes[index] == one || bytes[index] == other)
            }
            // YYYY-MM-DD, T or t, HH:MM:SS.
            guard digits(0, 4), byte(4, 0x2D, 0x2D), digits(5, 2), byte(7, 0x2D, 0x2D), digits(8, 2),
                byte(10, 0x54, 0x74), digits(11, 2), byte(13, 0x3A, 0x3A), digits(14, 2), byte(16, 0x3A, 0x3A),
                digits(17, 2)
            else { return nil }
            var index = 19
            // A fraction: `.` and one digit or more.
            if byte(index, 0x2E, 0x2E) {
                index += 1
                let start = index
                while digits(index, 1) { index += 1 }
                guard index > start else { return nil }
            }
            // Z or z, or ±HH:MM.
            if byte(index, 0x5A, 0x7A) {
                index += 1
            } else {
                guard byte(index, 0x2B, 0x2D), digits(index + 1, 2), byte(index + 3, 0x3A, 0x3A), digits(index + 4, 2)
                else { return nil }
                index += 6
            }
            guard index == bytes.count else { return nil }
            // ISO8601 reads `T` only.
            var copy = Array(bytes)
            copy[10] = 0x54
            return copy.withUnsafeBytes { ISO8601.parse($0) }?.instant
        }
    }

    /// `vaultName`: not empty; when `expected` is given, equal to it (as Unicode text:
    /// canonically equivalent forms are equal, case and spaces count).
    static func vaultName(_ value: String, expected: String?) throws(TaskLinkError) -> String {
        guard !value.isEmpty else {
            throw TaskLinkError(
                .invalidValue, "vaultName",
                "vaultName is empty; accepted: " + (expected.map { TaskLinkError.echo($0) } ?? "the vault's name"))
        }
        if let expected, value != expected {
            throw TaskLinkError(
                .wrongVault, "vaultName",
                "vaultName \(TaskLinkError.echo(value)) is not this vault; accepted: \(TaskLinkError.echo(expected))")
        }
        return value
    }

    /// A callback (`x-success`, `x-cancel`, `x-error`), decoded: a URL `exocortex://…` or
    /// `obsidian://…` (the scheme in any case), every character an RFC 3986 one (so no
    /// spaces, no control characters, nothing but ASCII) and every `%` an escape `%XX`.
    static func callback(_ value: String, name: String) throws(TaskLinkError) -> String {
        let accepted = "accepted: a URL starting obsidian:// or exocortex://, percent-encoded"
        let bytes = Array(value.utf8)[...]
        guard !bytes.isEmpty else { throw TaskLinkError(.invalidValue, name, "\(name) is empty; " + accepted) }
        guard let colon = bytes.firstIndex(of: 0x3A), let scheme = URLText.scheme(bytes[..<colon]),
            callbackSchemes.contains(scheme)
        else {
            let written = bytes.firstIndex(of: 0x3A).map { String(decoding: bytes[..<$0], as: UTF8.self) }
            let what = written.map { "has the scheme \(TaskLinkError.echo($0))" } ?? "has no scheme"
            throw TaskLinkError(.invalidValue, name, "\(name) \(TaskLinkError.echo(value)) \(what); " + accepted)
        }
        guard bytes[(colon + 1)...].starts(with: [0x2F, 0x2F]) else {
            throw TaskLinkError(
                .invalidValue, name, "\(name) \(TaskLinkError.echo(value)) has no '//' after its scheme; " + accepted)
        }
        // The first byte that is neither a URI character nor the start of an escape.
        let bad = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            return URLText.withTables { classes, _ in
                var index = colon + 3
                while index < buffer.count {
                    if base[index] == 0x25 {
                        guard URLText.isEscape(base, count: buffer.count, at: index) else { return index }
                        index += 3
                    } else {
                        guard classes[Int(base[index])] & URLText.uriBit != 0 else { return index }
                        index += 1
                    }
                }
                return nil
            }
        }
        if let bad {
            // Every byte before it is ASCII: its place in bytes is its place in characters.
            let character = String(value.unicodeScalars.dropFirst(bad).prefix(1))
            let what =
                character == "%"
                ? "a '%' not followed by two hexadecimal digits" : "\(TaskLinkError.echo(character)) as itself"
            throw TaskLinkError(
                .invalidValue, name,
                "\(name) \(TaskLinkError.echo(value)) has \(what) (character \(bad + 1)); " + accepted)
        }
        return value
    }
}
