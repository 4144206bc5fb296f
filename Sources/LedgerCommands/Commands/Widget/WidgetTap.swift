import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerSystem
import LedgerVault
import LedgerWidget

struct WidgetTap: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Queue an activity as the widget's button does (no git; committed by the next command).")

    @Argument(help: "The activity type.", completion: DynamicCompletion.types)
    var type: String

    @Option(parsing: .unconditional, help: "When it happened (default: now).")
    var at: String?

    @OptionGroup var options: VaultOptions

    /// The words as the tap reads them (the store checks the type again, in the words the
    /// front uses).
    func checkedInput(_ time: TimeExpression) throws {
        _ = try instant(time)
        _ = try InputCheck.typeName(type)
    }

    /// When the tap happened: `--at` read against `time`, else now.
    func instant(_ time: TimeExpression) throws -> LocalInstant {
        try InputCheck.instant(at, time) ?? time.zone.localInstant(at: time.now)
    }

    func execute() throws -> (tap: WidgetStore.Tap, at: LocalInstant) {
        let store = try options.widgetStore(creatingDefault: true)
        // The tap is checked against the vault's type names: when no command has written them
        // yet, they are written now (without committing the queue). A vault that cannot be
        // read leaves only the built-in types to check against.
        if !store.knowsTypes, let vault = try? options.open(drainingWidgetQueue: false) {
            try? vault.ensureWidgetCache()
        }
        let instant = try instant(CommandClock.expression)
        return (try store.tap(type: type, at: instant), instant)
    }

    func render(_ queued: (tap: WidgetStore.Tap, at: LocalInstant)) {
        emit(WidgetCommands.tapText(queued.tap, at: queued.at))
    }
}
