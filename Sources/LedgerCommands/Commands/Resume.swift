import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

struct Resume: InputChecked {
    static let configuration = CommandConfiguration(
        abstract: "Start a new timer with the type, note and goal of the most recently stopped one.",
        aliases: ["continue"])

    @Option(parsing: .unconditional, help: "When it starts again (default: now).")
    var at: String?

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant { try Stop.input(at: at, time) }

    func run() throws {
        let instant = try checkedInput(CommandClock.expression)
        let vault = try options.open { try $0.timers.checkResume(at: instant) }
        let (resumed, started) = try vault.timers.resume(at: instant)
        started.warnings.forEach(Terminal.warn)
        let id = started.events.last!.id
        Log.report(
            id: id,
            confirmation: Render.confirmation(
                "resumed \(resumed.entry.type)", at: instant, id: id, now: CommandClock.nowSeconds))
    }
}
