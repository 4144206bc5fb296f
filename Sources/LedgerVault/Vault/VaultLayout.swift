import LedgerCore

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

    public static let attributes = "# Event files are append-only; a union merge keeps the lines of both sides.\nevents/**/*.jsonl merge=union text eol=lf\n"

    public static let readme = """
        # ActivityLedger

        This folder is written by `alog`. Each device appends its events to its own files under
        `events/<device>/`, one JSON object per line (format version \(Event.formatVersion)).
        Lines are never changed or removed: an edit or delete is a new line. Please do not edit
        these files by hand; use `alog edit` / `alog delete`. `alog verify` checks them.

        """

    /// Path components of the file an event recorded at `wallMillis` by `device` goes to.
    public static func eventFile(device: String, wallMillis: Int64) -> [String] {
        let date = CivilDate(daysSinceEpoch: wallMillis >= 0 ? wallMillis / 86_400_000 : (wallMillis + 1) / 86_400_000 - 1)
        let year = date.iso.prefix(4)
        let month = date.iso.dropFirst(5).prefix(2)
        return [".alog", "events", device, String(year), String(month), "\(date.iso).jsonl"]
    }

    public static func isEventFile(_ path: String) -> Bool {
        path.hasPrefix(eventsFolder + "/") && path.hasSuffix(".jsonl")
    }
}
