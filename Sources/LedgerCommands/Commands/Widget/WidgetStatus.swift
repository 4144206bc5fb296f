internal import ArgumentParser
internal import LedgerEnvironment
internal import LedgerSystem
public import LedgerWidget

extension StatusBarFormat: ExpressibleByArgument {}

struct WidgetStatus: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "One-shot status-bar output from the last-known cache and the queue (no git).")

    @Option(help: "waybar (JSON), i3blocks, tmux or plain.")
    var format: StatusBarFormat = .plain

    @OptionGroup var options: VaultOptions

    func execute() throws -> WidgetView {
        try options.widgetStore().view(now: CommandClock.nowSeconds, zone: SystemTimeZone())
    }

    func render(_ view: WidgetView) {
        emit(WidgetCommands.statusText(view, format: format, now: CommandClock.nowSeconds, zone: SystemTimeZone()))
    }
}
