import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Resume: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Start a new timer with the type, note and goal of the most recently stopped one, or of timer ID.",
        discussion: "'alog continue 9q4x' resumes that timer (timewarrior's continue @N, Watson's restart).",
        aliases: ["continue"])

    @Argument(
        help: "An earlier timer's id or a unique prefix of it (default: the most recently stopped).",
        completion: DynamicCompletion.liveEntries)
    var id: String?

    @Option(parsing: .unconditional, help: "When it starts again (default: now).")
    var at: String?

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant {
        if let id { try InputCheck.entryPrefix(id) }
        return try Stop.input(at: at, time)
    }

    /// What a `resume` did: the stopped timer it took after, and the new entry.
    struct Resumed {
        var from: Timeline.Interval
        var id: EventID
        var at: LocalInstant
        var warnings: [Notice]
    }

    func execute() throws -> Resumed {
        let instant = try checkedInput(CommandClock.expression)
        let vault = try options.open { try $0.timers.checkResume(at: instant, entry: id) }
        let (resumed, started) = try vault.timers.resume(at: instant, entry: id)
        return Resumed(from: resumed, id: started.entryID!, at: instant, warnings: started.warnings)
    }

    func render(_ resumed: Resumed) {
        resumed.warnings.forEach(Terminal.warn)
        Log.report(
            id: resumed.id,
            confirmation: Render.confirmation(
                "resumed \(resumed.from.entry.type)", at: resumed.at, id: resumed.id, now: CommandClock.nowSeconds))
    }
}
