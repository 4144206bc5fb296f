import ArgumentParser
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault
import LedgerWidget

extension VaultOptions {
    /// The widget store of the vault, found without opening the git repository. The default
    /// vault is created on first use by a tap (`creatingDefault`), as by every command that
    /// records something; the widget's views refuse as every reading command does.
    func widgetStore(creatingDefault: Bool = false) throws -> WidgetStore {
        if let state = location.stateDirectory { return WidgetStore(stateDirectory: state) }
        if location.isDefault, !FileSystem.isDirectory(location.path) {
            _ = try open(creatingDefault: creatingDefault)
            if let state = location.stateDirectory { return WidgetStore(stateDirectory: state) }
        }
        let path = FileSystem.absolute(location.path)
        if FileSystem.exists(path), !FileSystem.isDirectory(path) { throw VaultError.vaultIsAFile(path: path) }
        throw WidgetError.notAVault(path: path)
    }
}

/// Prints a widget command's output.
func emit(_ output: WidgetCommands.Output) {
    output.notes.forEach(Terminal.warn)
    emit(output.stdout)
}
