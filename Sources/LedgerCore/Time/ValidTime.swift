/// The instants alog records: 1970-01-01T00:00:00Z to 9999-12-30T23:59:59Z. Event files are
/// filed under four-digit years and ISO 8601 writes four-digit years, so a clock outside this
/// range would write paths and lines no reader accepts, and would drag every later hybrid
/// clock stamp (on every device, after a sync) along with it. The last day of 9999 is left out
/// so that local times in every zone (up to +14:00) still have four-digit years.
public enum ValidTime {
    public static let earliestSeconds: Int64 = 0
    public static let latestSeconds: Int64 = 253_402_214_399

    public static func contains(seconds: Int64) -> Bool { (earliestSeconds...latestSeconds).contains(seconds) }

    public static func contains(millis: Int64) -> Bool {
        millis >= earliestSeconds * 1000 && millis / 1000 <= latestSeconds
    }
}
