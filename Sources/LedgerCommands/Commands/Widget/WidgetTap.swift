import ArgumentParser
import LedgerEnvironment
import LedgerSystem
import LedgerWidget

struct WidgetTap: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Queue an activity as the widget's button does (no git; committed by the next command).")

    @Argument(help: "The activity type.", completion: DynamicCompletion.types)
    var type: String

    @Option(parsing: .unconditional, help: "When it happened (default: now).")
    var at: String?

    @OptionGroup var options: VaultOptions

    func run() throws {
        emit(
            try WidgetCommands.tap(
                try options.widgetStore(), type: type, at: at, now: CommandClock.nowSeconds, zone: SystemTimeZone()))
    }
}
