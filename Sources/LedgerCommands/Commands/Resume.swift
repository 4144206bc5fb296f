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

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant { try request.checkedInput(time) }

    var request: ResumeRequest { ResumeRequest(id: id, at: at) }

    func execute() throws -> Resumed { try request.perform(in: options.access) }

    func render(_ resumed: Resumed) {
        resumed.warnings.forEach(Terminal.warn)
        Log.report(
            id: resumed.id,
            confirmation: Render.confirmation(
                "resumed \(resumed.from.entry.type)", at: resumed.at, id: resumed.id, now: CommandClock.nowSeconds))
    }
}
