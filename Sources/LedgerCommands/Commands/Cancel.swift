import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

struct Cancel: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Drop the running timer as if it had not started ('alog undo' or 'alog restore ID' brings it back).")

    @OptionGroup var options: VaultOptions

    func execute() throws -> Cancelled { try CancelRequest().perform(in: options.access) }

    func render(_ cancelled: Cancelled) {
        cancelled.say()
    }
}
