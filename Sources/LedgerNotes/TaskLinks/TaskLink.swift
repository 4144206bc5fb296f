import LedgerCore

/// A task link: what the Obsidian side sends when a task starts or is done.
///
/// `parse` reads one strictly (RFC 3986, and the seed's validation rules made exact); the
/// links' `url` writes one. See `parse` for every rule.
public enum TaskLink: Hashable, Sendable {
    case start(TaskStartLink)
    case complete(TaskCompleteLink)

    /// The task note's file name without `.md`.
    public var id: String {
        switch self {
        case .start(let link): link.id
        case .complete(let link): link.id
        }
    }

    public var callbacks: TaskLinkCallbacks {
        switch self {
        case .start(let link): link.callbacks
        case .complete(let link): link.callbacks
        }
    }

    /// The link as a URL (`TaskStartLink.url`, `TaskCompleteLink.url`).
    public var url: String {
        switch self {
        case .start(let link): link.url
        case .complete(let link): link.url
        }
    }

    /// The link `text` writes, or why it is refused.
    ///
    /// - The URL: `exocortex://task/start?…` or `exocortex://task/complete?…`. The scheme and
    ///   the host in any case (RFC 3986: they are case-insensitive), the path exactly; no user
    ///   name, port or fragment (`#`: in a value it is `%23`).
    /// - The query: split on `&` (empty parts skipped), each part `name=value`, both
    ///   percent-decoded (`%XX`, hexadecimal in either case; `+` is a plus: senders write a
    ///   space `%20`). Refused: a character other than letters, digits and
    ///   `-._~!$'()*+,;=:@/?` written as itself, a `%` without two hexadecimal digits, decoded
    ///   bytes that are not UTF-8, a decoded control character (U+0000–U+001F, U+007F–U+009F),
    ///   in any parameter, read or not. Parameters the link does not read (`x-source`, …) are
    ///   ignored; one it reads given twice, or without `=`, is refused.
    /// - start: `id`, `title`, `startTime`, `vaultName` required; `x-success`, `x-cancel`,
    ///   `x-error` optional. complete: `id` required; `vaultName` and the callbacks optional.
    /// - `id`: `^[a-zA-Z0-9-]+$`, at most 255 characters. `title`: at most 500 characters
    ///   (Unicode scalars), not only white space. `startTime`: RFC 3339
    ///   (`2025-11-01T10:30:00Z`, `…T12:30:00.5+02:00`), not before 1970, not after `now`
    ///   (UTC seconds; the fraction is dropped). `vaultName`: not empty, and equal to
    ///   `expected` when given. A callback: `obsidian://…` or `exocortex://…`, RFC 3986
    ///   characters only once decoded.
    ///
    /// A refusal once the URL is a task link carries its `x-cancel` when that one is valid.
    public static func parse(_ text: String, now: Int64, vaultName expected: String?) throws(TaskLinkError) -> TaskLink
    {
        let (action, rawQuery) = try split(Array(text.utf8)[...], text: text)
        let query = TaskLinkQuery(rawQuery)
        do throws(TaskLinkError) {
            switch action {
            case .start:
                let values = try query.values(known: TaskStartLink.required + TaskLinkCallbacks.names)
                return .start(try TaskStartLink(values, now: now, vaultName: expected))
            case .complete:
                let values = try query.values(known: ["id", "vaultName"] + TaskLinkCallbacks.names)
                return .complete(try TaskCompleteLink(values, vaultName: expected))
            }
        } catch {
            var refusal = error
            refusal.cancel = query.cancel
            throw refusal
        }
    }

    private enum Action { case start, complete }

    private static let start = Array("exocortex://task/start".utf8)
    private static let complete = Array("exocortex://task/complete".utf8)

    /// The action and where the query starts, when `bytes` start `exocortex://task/start` or
    /// `exocortex://task/complete` (the first 16 bytes in any case) followed by `?` or their
    /// end: `split`'s answer without its search (the common case, read in one pass).
    private static func plainStart(_ bytes: ArraySlice<UInt8>) -> (Action, Int)? {
        bytes.withUnsafeBufferPointer { buffer -> (Action, Int)? in
            guard let base = buffer.baseAddress else { return nil }
            for (action, word) in [(Action.start, start), (.complete, complete)] {
                let count = word.count
                guard buffer.count >= count, buffer.count == count || base[count] == 0x3F else { continue }
                let matched = word.withUnsafeBufferPointer { word in
                    let word = word.baseAddress!
                    var index = 0
                    while index < count {
                        var byte = base[index]
                        // The scheme and the host in any case.
                        if index < 16 && byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
                        if byte != word[index] { return false }
                        index += 1
                    }
                    return true
                }
                if matched { return (action, bytes.startIndex + min(count + 1, buffer.count)) }
            }
            return nil
        }
    }

    private static let accepted = "accepted: exocortex://task/start?… and exocortex://task/complete?…"

    /// The action and the query (empty when there is none) of a task link.
    private static func split(
        _ bytes: ArraySlice<UInt8>, text: String
    ) throws(TaskLinkError) -> (Action, ArraySlice<UInt8>) {
        if let (action, queryStart) = plainStart(bytes) { return (action, bytes[queryStart...]) }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let scheme = URLText.scheme(bytes[..<colon]) else {
            throw TaskLinkError(.notATaskLink, nil, "\(TaskLinkError.echo(text)) is not a URL (no scheme); " + accepted)
        }
        guard scheme == "exocortex" else {
            let written = String(decoding: bytes[..<colon], as: UTF8.self)
            throw TaskLinkError(
                .notATaskLink, nil, "the scheme \(TaskLinkError.echo(written)) is not accepted; " + accepted)
        }
        guard bytes[(colon + 1)...].starts(with: "//".utf8) else {
            throw TaskLinkError(.notATaskLink, nil, "no '//task' after 'exocortex:'; " + accepted)
        }
        let delimiters = "/?#".utf8
        let hostStart = colon + 3
        let hostEnd = bytes[hostStart...].firstIndex(where: { delimiters.contains($0) }) ?? bytes.endIndex
        guard URLText.equalsIgnoringCase(bytes[hostStart..<hostEnd], "task") else {
            let host = String(decoding: bytes[hostStart..<hostEnd], as: UTF8.self)
            throw TaskLinkError(
                .notATaskLink, nil,
                "the host \(TaskLinkError.echo(host)) is not accepted (only 'task', without user name or port); "
                    + accepted)
        }
        let pathEnd =
            bytes[hostEnd...].firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            ?? bytes.endIndex
        let action: Action
        switch String(decoding: bytes[hostEnd..<pathEnd], as: UTF8.self) {
        case "/start": action = .start
        case "/complete": action = .complete
        case let path:
            throw TaskLinkError(
                .notATaskLink, nil,
                "the path \(TaskLinkError.echo(path)) is not accepted; accepted: /start and /complete")
        }
        guard pathEnd < bytes.endIndex else { return (action, bytes[pathEnd...]) }
        guard bytes[pathEnd] == UInt8(ascii: "?") else {
            throw TaskLinkError(
                .notATaskLink, nil,
                "a fragment ('#…') is not accepted: task links have none (in a value, '#' is %23); " + accepted)
        }
        return (action, bytes[(pathEnd + 1)...])
    }
}
