import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerWidget

/// What `clone` and `init` say (and do) about which vault later commands use, so that a second
/// device set up with `--vault ~/Notes` does not go on to log into, or sync, another vault.
enum DefaultVault {
    /// After a vault was set up at `root`: when nothing names a vault yet (no `ALOG_VAULT`, no
    /// `alog config vault`) and the embedded default vault holds nothing of the user's (it does
    /// not exist, or alog set it up and nothing was ever recorded in it), `root` becomes the
    /// `vault` setting; otherwise the exact line that makes it so is printed, and a default
    /// vault with entries remembers `root` for `movingAdvice`. Said on stderr.
    static func settle(_ root: String) {
        let location = VaultLocation(explicit: nil, lookingAround: false)
        if !location.isDefault {
            if FileSystem.absolute(location.path) != root {
                Terminal.note(
                    "commands outside this vault's folder still use \(DisplayText.quotedPath(location.path)) (from \(FileSystem.environment("ALOG_VAULT").map { _ in "ALOG_VAULT" } ?? "'alog config vault'")); to use this one from anywhere: alog config vault \(DisplayText.quotedPath(root))"
                )
            }
            return
        }
        // `init` of the default vault's own folder: nothing to settle.
        if FileSystem.absolute(location.path) == root { return }
        if FileSystem.exists(location.path), !isUntouched(location.path) {
            remember(root, in: location)
            Terminal.note(
                "inside \(DisplayText.quotedPath(root)) alog uses this vault; elsewhere it uses the default vault at \(DisplayText.quotedPath(location.path)), which holds entries. To use this one from anywhere: alog config vault \(DisplayText.quotedPath(root))"
            )
            return
        }
        do {
            try UserConfig.set("vault", root)
            Terminal.note(
                "this is now your default vault (set in \(DisplayText.quotedPath(UserConfig.path)); change it with 'alog config vault FOLDER')"
                    + (FileSystem.exists(location.path)
                        ? "; the vault alog had set up at \(DisplayText.quotedPath(location.path)) holds nothing and is no longer used"
                        : "")
            )
        } catch {
            Terminal.note("to use this vault from anywhere: alog config vault \(DisplayText.quotedPath(root))")
        }
    }

    /// True when the folder is a vault alog set up by itself and nothing was recorded in since:
    /// no event file, no tap queued by the widget, no remote, and nothing beside `.git` and
    /// `.alog` (a note of the user's, say).
    static func isUntouched(_ path: String) -> Bool {
        let location = VaultLocation(explicit: path)
        guard let gitDirectory = location.gitDirectory, let state = location.stateDirectory,
            FileSystem.list(path).allSatisfy({ $0 == ".git" || $0 == ".alog" }),
            !FileSystem.exists(path + "/.alog/events"),
            !WidgetStore(stateDirectory: state).hasWork
        else { return false }
        let config = (try? FileSystem.readString(gitDirectory + "config")) ?? nil
        return config?.contains("[remote ") != true
    }

    /// Notes in the default vault's state that `root` was set up while it held entries.
    private static func remember(_ root: String, in location: VaultLocation) {
        guard let file = location.vaultsElsewhereFile else { return }
        var known = elsewhere(file)
        guard !known.contains(root) else { return }
        known.append(root)
        _ = try? FileSystem.writeAtomically(file, Array(known.map { $0 + "\n" }.joined().utf8))
    }

    private static func elsewhere(_ file: String) -> [String] {
        guard let text = (try? FileSystem.readString(file)) ?? nil else { return [] }
        return text.split(separator: "\n").map(String.init).filter(FileSystem.isDirectory)
    }

    /// When `location` is the embedded default vault and `init` or `clone` set up another vault
    /// while this one held entries: how to move its entries there and make that vault the
    /// default (nil otherwise). `status` and `sync` say it.
    static func movingAdvice(_ location: VaultLocation) -> String? {
        guard location.isDefault, let file = location.vaultsElsewhereFile, let target = elsewhere(file).last else {
            return nil
        }
        let here = DisplayText.quotedPath(location.path)
        let there = DisplayText.quotedPath(target)
        return
            "this is the default vault at \(here); entries logged here do not reach your vault at \(there). To move them there and use that vault from now on: alog export --format csv -o alog-moved.csv && alog import csv alog-moved.csv --define-types --vault \(there) && alog config vault \(there) (then the default vault can go: rm -rf \(here))"
    }
}
