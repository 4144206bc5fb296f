import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem

/// What `clone` and `init` say (and do) about which vault later commands use, so that a second
/// device set up with `--vault ~/Notes` does not go on to log into, or sync, another vault.
enum DefaultVault {
    /// After a vault was set up at `root`: when nothing names a vault yet (no `ALOG_VAULT`, no
    /// `alog config vault`) and the embedded default vault does not exist, `root` becomes the
    /// `vault` setting; otherwise the exact line that makes it so is printed. Said on stderr.
    static func settle(_ root: String) {
        let location = VaultLocation(explicit: nil, lookingAround: false)
        if !location.isDefault {
            if FileSystem.absolute(location.path) != root {
                Terminal.note(
                    "commands outside this vault's folder still use \(DisplayText.quoted(location.path)) (from \(FileSystem.environment("ALOG_VAULT").map { _ in "ALOG_VAULT" } ?? "'alog config vault'")); to use this one from anywhere: alog config vault \(DisplayText.quoted(root))"
                )
            }
            return
        }
        if FileSystem.exists(location.path) {
            Terminal.note(
                "inside \(DisplayText.quoted(root)) alog uses this vault; elsewhere it uses the default vault at \(DisplayText.quoted(location.path)). To use this one from anywhere: alog config vault \(DisplayText.quoted(root))"
            )
            return
        }
        do {
            try UserConfig.set("vault", root)
            Terminal.note(
                "this is now your default vault (set in \(DisplayText.quoted(UserConfig.path)); change it with 'alog config vault FOLDER')"
            )
        } catch {
            Terminal.note("to use this vault from anywhere: alog config vault \(DisplayText.quoted(root))")
        }
    }
}
