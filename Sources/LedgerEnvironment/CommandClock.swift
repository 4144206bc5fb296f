import LedgerCore
import LedgerSystem

/// "Now" for commands: the wall clock, or `ALOG_NOW` (unix seconds or ISO 8601 with an offset)
/// when set, so tests and demos can pin the time.
public enum CommandClock {
    public static let overriddenMillis: Int64? = {
        guard let text = FileSystem.environment("ALOG_NOW"), !text.isEmpty else { return nil }
        if let seconds = Int64(text) { return seconds * 1000 }
        return ISO8601.parse(text)?.instant.map { $0.seconds * 1000 }
    }()

    public static var nowMillis: Int64 { overriddenMillis ?? SystemClock.nowMillis() }
    public static var nowSeconds: Int64 { nowMillis / 1000 }

    /// Parses a user's `--at` text against now and the local zone.
    public static func parse(_ text: String) throws -> LocalInstant {
        try TimeExpression(now: nowSeconds, zone: SystemTimeZone()).parse(text)
    }
}
