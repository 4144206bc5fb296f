public import ArgumentParser
public import LedgerEnvironment
public import LedgerSystem
public import LedgerWidget

extension StatusBarFormat: ExpressibleByArgument {}

struct WidgetStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "One-shot status-bar output from the last-known cache and the queue (no git).")

    @Option(help: "waybar (JSON), i3blocks, tmux or plain.")
    var format: StatusBarFormat = .plain

    @OptionGroup var options: VaultOptions

    func run() throws {
        emit(
            WidgetCommands.status(
                try options.widgetStore(), format: format, now: CommandClock.nowSeconds, zone: SystemTimeZone()))
    }
}
