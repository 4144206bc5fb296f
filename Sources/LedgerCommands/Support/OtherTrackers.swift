/// The commands of timewarrior and Watson that alog has under another name, for "did you
/// mean" (`alog summary` → `alog report`). docs/cli.md has the whole table, with the ones
/// alog spells the same.
enum OtherTrackers {
    /// A command of another tracker: whose it is, and the alog command line that does it.
    struct Match {
        let tracker: String
        let alog: String
    }

    static let commands: [String: Match] = [
        "summary": Match(tracker: "timewarrior's", alog: "alog report (alog report :all for summary :all)"),
        "day": Match(tracker: "timewarrior's", alog: "alog report :today --by type, or alog history :today"),
        "week": Match(tracker: "timewarrior's", alog: "alog report :week --by day"),
        "month": Match(tracker: "timewarrior's", alog: "alog report :month --by day, or alog calendar"),
        "retag": Match(tracker: "timewarrior's", alog: "alog untag ID OLD, then alog tag ID NEW"),
        "annotate": Match(tracker: "timewarrior's", alog: "alog edit ID --note TEXT"),
        "move": Match(tracker: "timewarrior's", alog: "alog edit ID --start TIME"),
        "modify": Match(tracker: "timewarrior's", alog: "alog edit ID --start TIME or --end TIME"),
        "resize": Match(tracker: "timewarrior's", alog: "alog edit ID --end TIME"),
        "fill": Match(tracker: "timewarrior's", alog: "alog edit ID --start TIME --end TIME --adjust"),
        "get": Match(tracker: "timewarrior's", alog: "alog show ID --json"),
        "diagnostics": Match(tracker: "timewarrior's", alog: "alog verify"),
        "extensions": Match(tracker: "timewarrior's", alog: "alog export --format timewarrior"),
        "add": Match(tracker: "Watson's", alog: "alog track TYPE FROM - TO"),
        "aggregate": Match(tracker: "Watson's", alog: "alog report --by day"),
        "frames": Match(tracker: "Watson's", alog: "alog history (ids in the fourth column; --json for scripts)"),
        "projects": Match(tracker: "Watson's", alog: "alog types"),
        "rename": Match(tracker: "Watson's", alog: "alog types rename OLD NEW"),
        "remove": Match(tracker: "Watson's", alog: "alog delete ID"),
        "restart": Match(tracker: "Watson's", alog: "alog continue ID"),
        "merge": Match(tracker: "Watson's", alog: "alog sync"),
    ]

    /// `'summary' is timewarrior's; in alog: alog report (…)`, for a word that names no alog
    /// command; nil when no other tracker has it either.
    static func hint(for name: String) -> String? {
        commands[name.lowercased()].map { " It is \($0.tracker) command; in alog: \($0.alog)." }
    }
}
