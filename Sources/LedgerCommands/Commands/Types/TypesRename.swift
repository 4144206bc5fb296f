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

        func execute() throws -> Vault.TypeRename {
            try options.open { try $0.checkRenameType(old, to: new) }.renameType(old, to: new)
        }

        func render(_ rename: Vault.TypeRename) {
            rename.appended?.warnings.forEach(Terminal.warn)
            guard rename.appended != nil else {
                return Terminal.note("nothing changed: the type is already called \(rename.definition.name)")
            }
            emitLine("renamed \(rename.definition.icon) \(rename.from) to \(rename.definition.name)")
        }
    }
}
