import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerSystem
import LedgerVault
import LedgerWidget

struct WidgetTap: InputChecked {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Queue an activity as the widget's button does (no git; committed by the next command).")

    @Argument(help: "The activity type.", completion: DynamicCompletion.types)
    var type: String

    @Option(parsing: .unconditional, help: "When it happened (default: now).")
    var at: String?

    @OptionGroup var options: VaultOptions

    /// The words as the tap reads them (the tap itself, shared with the front, reads them again).
    func checkedInput(_ time: TimeExpression) throws {
        _ = try InputCheck.instant(at, time)
        _ = try InputCheck.typeName(type)
    }

    func run() throws {
        let store = try options.widgetStore()
        // The tap is checked against the vault's type names: when no command has written them
        // yet, they are written now (without committing the queue). A vault that cannot be
        // read leaves only the built-in types to check against.
        if !store.knowsTypes, let vault = try? options.open(drainingWidgetQueue: false) {
            try? vault.ensureWidgetCache()
        }
        emit(try WidgetCommands.tap(store, type: type, at: at, now: CommandClock.nowSeconds, zone: SystemTimeZone()))
    }
}
