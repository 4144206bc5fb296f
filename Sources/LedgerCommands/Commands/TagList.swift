import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerReports
import LedgerVault

/// `alog tags`: each tag in use with how many live entries carry it and their time, as
/// timewarrior's `tags` and Watson's `tags` list them.
struct TagList: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "The tags in use: how many entries have each, and their time (most time first).",
        discussion: """
            An entry counts once under each of its tags; a timer adds its window as 'report' lays \
            it (a running one up to now). 'alog report --by tag' gives the same over a range.
            """)

    @Flag(help: "Print JSON: a list of {tag, count, seconds}.")
    var json = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> Rollup { try TagsQuery().perform(in: options.access) }

    func render(_ rollup: Rollup) {
        let rows = TagsQuery.rows(rollup)
        if json { return TagsQuery().json(rollup, write: emitPart) }
        guard !rows.isEmpty else {
            return emit(Terminal.dim("no tags yet; add one with 'alog tag ID +deep' or 'alog start TYPE +deep'"))
        }
        let shown = rows.map { Render.tags([$0.key]) }
        let width = max(3, shown.map(Terminal.displayWidth).max() ?? 0)
        var lines = [Terminal.dim(Terminal.pad("tag", width) + "  entries  time")]
        for (row, name) in zip(rows, shown) {
            lines.append(
                Terminal.pad(name, width) + "  " + Terminal.padLeft(String(row.count), 7) + "  "
                    + (row.seconds > 0 ? formatDuration(row.seconds) : "–"))
        }
        emit(lines.joined(separator: "\n"))
    }
}
