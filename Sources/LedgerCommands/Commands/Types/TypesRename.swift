import ArgumentParser
import LedgerCore
import LedgerOutput
import LedgerVault

extension Types {
    struct Rename: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename", abstract: "Rename a type; its entries, goal and favorite mark follow.",
            discussion: """
                Nothing is rewritten: one event records the rename, and every view (history, \
                reports, status, exports) shows the new name for old entries too. Entries logged \
                with the old name on a device that had not synced yet are shown with the new name \
                as well. The old name stays with the type: 'alog log OLD' logs the renamed type, \
                and 'alog types rename NEW OLD' (or 'alog undo') takes the old name back. Built-in \
                types (wake, sleep, meal, exercise) keep their names.
                """,
            aliases: ["mv"])

        @Argument(help: "The type's name now.", completion: DynamicCompletion.types)
        var old: String

        @Argument(help: "Its new name: a-z, 0-9, '_' or '-', starting with a letter (any case).")
        var new: String

        @OptionGroup var options: VaultOptions

        func execute() throws -> TypeRenamed { try RenameTypeRequest(old: old, new: new).perform(in: options.access) }

        func render(_ renamed: TypeRenamed) { renamed.say() }
    }
}
