/// Where the ledger keeps things.
///
/// Tracked (inside the vault, synced):
///
///     .alog/README.md                      what this folder is
///     .alog/.gitattributes                 union merge for event files
///     .alog/events/<device>/<YYYY>/<MM>/<YYYY-MM-DD>.jsonl
///
/// Each device appends only to its own folder, one file per UTC day of recording, so two
/// devices never write the same file and a commit rewrites only the few small trees on one
/// path. Per-clone state (device id, caches, lock) lives under `.git/alog/`, outside the
/// tracked tree, so a clone is a new device.
public enum VaultLayout {
    public static let ledgerFolder = ".alog"
    public static let eventsFolder = ".alog/events"
    public static let attributesPath = ".alog/.gitattributes"
    public static let readmePath = ".alog/README.md"

    public static let attributes =
        "# Event files are append-only; a union merge keeps the lines of both sides.\nevents/**/*.jsonl merge=union text eol=lf\n"

    public static let readme = """
        # ActivityLedger

        This folder is written by `alog`. Each device appends its events to its own files under
        `events/<device>/`, one JSON object per line (format version \(Event.formatVersion)).
        Lines are never changed or removed: an edit or delete is a new line. Please do not edit
        these files by hand; use `alog edit` / `alog delete`. `alog verify` checks them.

        """

    /// True for the path of an event file (append-only, merged as a union of lines).
    public static func isEventFile(_ path: String) -> Bool {
        path.hasPrefix(eventsFolder + "/") && path.hasSuffix(".jsonl")
    }

    /// True for any path the ledger owns (event files included).
    public static func isLedgerPath(_ path: String) -> Bool {
        path == ledgerFolder || path.hasPrefix(ledgerFolder + "/")
    }

    /// A device starts a new part of the day's file once the current one reaches this size,
    /// so each commit rewrites a bounded blob however busy the day.
    public static let partLimit = 16 * 1024

    /// The part size of a bulk write (`import`): one commit of 100,000 entries writes ~30
    /// files and blobs instead of ~2,000. Later appends are not slowed: a part at or past
    /// `partLimit` is never appended to again, so the next log of the day starts a new part.
    public static let bulkPartLimit = 1024 * 1024

    /// Path components of the file an event recorded at `wallMillis` by `device` goes to:
    /// `<date>.jsonl` for part 1, `<date>.<part>.jsonl` after that.
    public static func eventFile(device: String, wallMillis: Int64, part: Int = 1) -> [String] {
        let date = CivilDate(unixMillis: wallMillis)
        let year = date.iso.prefix(4)
        let month = date.iso.dropFirst(5).prefix(2)
        return [".alog", "events", device, String(year), String(month), partName(day: date.iso, part: part)]
    }

    /// The file name of a part of the day file of `day` (`YYYY-MM-DD`), for looking parts up
    /// one after another without converting the date again.
    public static func partName(day: some StringProtocol, part: Int) -> String {
        part == 1 ? "\(day).jsonl" : "\(day).\(part).jsonl"
    }
}
