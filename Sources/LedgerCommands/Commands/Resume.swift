import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Resume: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Start a new timer with the type, note and goal of the most recently stopped one.",
        aliases: ["continue"])

    @Option(parsing: .unconditional, help: "When it starts again (default: now).")
    var at: String?

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant { try Stop.input(at: at, time) }

    /// What a `resume` did: the stopped timer it took after, and the new entry.
    struct Resumed {
        var from: Timeline.Interval
        var id: EventID
        var at: LocalInstant
        var warnings: [Notice]
    }

    func execute() throws -> Resumed {
        let instant = try checkedInput(CommandClock.expression)
        let vault = try options.open { try $0.timers.checkResume(at: instant) }
        let (resumed, started) = try vault.timers.resume(at: instant)
        return Resumed(from: resumed, id: started.events.last!.id, at: instant, warnings: started.warnings)
    }

    func render(_ resumed: Resumed) {
        resumed.warnings.forEach(Terminal.warn)
        Log.report(
            id: resumed.id,
            confirmation: Render.confirmation(
                "resumed \(resumed.from.entry.type)", at: resumed.at, id: resumed.id, now: CommandClock.nowSeconds))
    }
}
