import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

struct Cancel: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Drop the running timer as if it had not started ('alog undo' or 'alog restore ID' brings it back).")

    @OptionGroup var options: VaultOptions

    func execute() throws -> (cancelled: Timeline.Interval, warnings: [Notice]) {
        let vault = try options.open { try $0.timers.checkCancel() }
        let (cancelled, appended) = try vault.timers.cancel()
        return (cancelled, appended.warnings)
    }

    func render(_ outcome: (cancelled: Timeline.Interval, warnings: [Notice])) {
        outcome.warnings.forEach(Terminal.warn)
        let cancelled = outcome.cancelled
        emit(
            "cancelled \(DisplayText.escaped(cancelled.entry.type)) (\(cancelled.entry.id)), started \(Render.clockAndDate(cancelled.start)); nothing of it is counted"
        )
    }
}
