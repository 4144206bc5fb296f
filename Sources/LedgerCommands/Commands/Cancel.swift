import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Drop the running timer as if it had not started ('alog undo' or 'alog restore ID' brings it back).")

    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open { try $0.timers.checkCancel() }
        let (cancelled, appended) = try vault.timers.cancel()
        appended.warnings.forEach(Terminal.warn)
        emit(
            "cancelled \(DisplayText.escaped(cancelled.entry.type)) (\(cancelled.entry.id)), started \(Render.clockAndDate(cancelled.start)); nothing of it is counted"
        )
    }
}
