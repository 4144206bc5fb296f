import ArgumentParser
import LedgerCore
import LedgerEnvironment

/// The words of `lengthen` and `shorten` (timewarrior's verbs for `edit ID --end ±DURATION`):
/// the timer, how far its end moves, `--adjust` and `--vault`.
struct EndMove: ParsableArguments {
    @Argument(help: "The timer's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @Argument(help: "How far its end moves (45s, 5m, 1h30m).")
    var duration: String

    @Flag(help: "Trim a timer the new window overlaps, instead of refusing.")
    var adjust = false

    @OptionGroup var options: VaultOptions

    /// The edit it is: the end moved by `sign` × the duration.
    func input(sign: Int64) throws -> Edit.Input {
        try InputCheck.entryPrefix(id)
        return Edit.Input(changes: EntryChanges(), endBy: sign * (try Start.duration(duration)))
    }

    func perform(sign: Int64) throws -> Edited {
        try Edit.perform(
            id: id, try input(sign: sign), adjust: adjust, access: options.access, time: CommandClock.expression)
    }
}
