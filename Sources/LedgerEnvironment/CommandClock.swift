package import LedgerCore
internal import LedgerSystem

/// "Now" for commands: the wall clock, or `ALOG_NOW` (unix seconds or ISO 8601 with an offset)
/// when set, so tests and demos can pin the time. Every command calls `check()` before it
/// reads or writes anything: a clock outside 1970–9999 (set by `ALOG_NOW` or by the system) is
/// refused, never stamped into an event or queued as a tap.
package enum CommandClock {
    /// Why "now" cannot be used.
    package struct Invalid: CodedError, CustomStringConvertible, Sendable {
        package var description: String
        /// `invalidClock` (the clock or `ALOG_NOW` cannot be used), `timeInFuture` (`--since`).
        package var code: ErrorCode = .invalidClock
    }

    /// `ALOG_NOW`: nil when unset or empty, a failure when set but unusable. Read once per
    /// process (or per `Invocation`).
    private static var override: Result<Int64?, Invalid> {
        Invocation.current == nil ? processOverride : readOverride()
    }

    private static let processOverride = readOverride()

    private static func readOverride() -> Result<Int64?, Invalid> {
        guard let text = FileSystem.environment("ALOG_NOW"), !text.isEmpty else { return .success(nil) }
        return parseOverride(text)
    }

    /// `ALOG_NOW`'s text as milliseconds since the epoch, or why it cannot be.
    package static func parseOverride(_ text: String) -> Result<Int64?, Invalid> {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        let seconds: Int64
        if let number = Int64(text) {
            seconds = number
        } else if let parsed = ISO8601.parse(text), let instant = parsed.instant {
            seconds = instant.seconds
        } else {
            return .failure(
                Invalid(
                    description:
                        "ALOG_NOW=\(DisplayText.quoted(shown)) is not a time: give unix seconds or ISO 8601 with an offset (2030-01-01T12:00:00Z), or unset it"
                ))
        }
        guard ValidTime.contains(seconds: seconds) else {
            return .failure(
                Invalid(
                    description:
                        "ALOG_NOW=\(DisplayText.quoted(shown)) is outside 1970-01-01 to 9999-12-30, the times alog records; unset it or give a time in that range"
                ))
        }
        return .success(seconds * 1000)
    }

    /// Refuses an unusable `ALOG_NOW`, or a system clock outside 1970–9999.
    package static func check() throws(Invalid) {
        if try override.get() != nil { return }
        try checkSystemClock(SystemClock.nowMillis())
    }

    /// The system clock's reading `millis`, refused outside 1970–9999.
    package static func checkSystemClock(_ millis: Int64) throws(Invalid) {
        guard ValidTime.contains(millis: millis) else {
            throw Invalid(
                description:
                    "the system clock reads \(millis / 1000) seconds since 1970, outside 1970-01-01 to 9999-12-30; set the clock (or ALOG_NOW) before logging"
            )
        }
    }

    /// `ALOG_NOW` in milliseconds, when set and valid.
    package static var overriddenMillis: Int64? { (try? override.get()) ?? nil }

    package static var nowMillis: Int64 { overriddenMillis ?? SystemClock.nowMillis() }
    package static var nowSeconds: Int64 { nowMillis / 1000 }

    /// Parses `--since`: as `parse`, but a time ahead of now is refused for what it means there
    /// (no entry can be at or after it), not for what it means to `--at`.
    package static func parseSince(_ text: String, _ time: TimeExpression = expression) throws -> LocalInstant {
        do {
            return try time.parse(text)
        } catch {
            guard let ahead = error.aheadBy else { throw error }
            throw Invalid(
                description:
                    "--since \(DisplayText.quoted(text)) is \(formatDuration(ahead)) in the future, so no entry can be at or after it; give a time that has passed (e.g. -1d or 'yesterday 08:00')",
                code: .timeInFuture)
        }
    }

    /// Times read against now and the local zone, as every command's `--at` is.
    package static var expression: TimeExpression { TimeExpression(now: nowSeconds, zone: SystemTimeZone()) }

    /// Parses a user's `--at` text against now and the local zone.
    package static func parse(_ text: String) throws -> LocalInstant {
        try expression.parse(text)
    }
}
