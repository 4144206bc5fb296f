import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerSystem
import LedgerVault

/// The candidates a shell's completion asks for while you type (`CompletionKind.custom`): the
/// vault's type names, recent entry ids and remote names. The shell runs
/// `alog ---completion <command…> -- <argument> …` with the words typed so far; the front hands
/// that to `alog-full`, whose parser calls these.
///
/// They never fail and never print: no vault, an unreadable one, anything at all going wrong
/// gives no candidates, so the shell shows nothing rather than an error in the middle of the
/// line. The default vault is never created here.
enum DynamicCompletion {
    static let types = CompletionKind.custom { words, _, prefix in candidates(words) { try typeNames($0, prefix) } }
    static let liveEntries = CompletionKind.custom { words, _, prefix in
        candidates(words) { try entryIDs($0, prefix, deleted: false) }
    }
    static let deletedEntries = CompletionKind.custom { words, _, prefix in
        candidates(words) { try entryIDs($0, prefix, deleted: true) }
    }
    /// The tags on live entries; `+dee` is completed as `+deep`.
    static let tags = CompletionKind.custom { words, _, prefix in candidates(words) { try tagNames($0, prefix) } }
    static let remotes = CompletionKind.custom { words, _, prefix in
        candidates(words) { vault in try vault.remotes().map(\.name).filter { $0.hasPrefix(prefix) }.sorted() }
    }

    static func tagNames(_ vault: Vault, _ prefix: String) throws -> [String] {
        let plus = prefix.hasPrefix("+")
        let typed = plus ? String(prefix.dropFirst()) : prefix
        var names = Set<String>()
        try vault.state().forEachEntry { if !$0.isDeleted { names.formUnion($0.tags) } }
        return names.filter { $0.hasPrefix(typed) }.sorted(by: Tags.precedes).map { plus ? "+" + $0 : $0 }
    }

    /// How many entry ids are offered: the most recent ones (after the prefix typed so far).
    static let entryLimit = 30

    /// Opens the vault the words name (`--vault PATH`, `--vault=PATH`), else `$ALOG_VAULT`, the
    /// setting or the default, without creating it; nil when there is none.
    static func candidates(_ words: [String], _ body: (Vault) throws -> [String]) -> [String] {
        var explicit: String?
        for (index, word) in words.enumerated() {
            if word == "--vault", index + 1 < words.count {
                explicit = words[index + 1]
            } else if word.hasPrefix("--vault=") {
                explicit = String(word.dropFirst("--vault=".count))
            }
        }
        if explicit == "" { return [] }
        let location = VaultLocation(explicit: explicit)
        guard FileSystem.isDirectory(location.path), let vault = try? Vault.open(at: location.path) else { return [] }
        vault.notify = { _ in }
        return (try? body(vault)) ?? []
    }

    /// The vault's types in use: favorites first (`types favorite`), then the most recently
    /// logged, then the never-logged ones by name. From the status summary alone (a few hundred
    /// bytes), so a Tab stays instant on a ledger of millions of events.
    static func typeNames(_ vault: Vault, _ prefix: String) throws -> [String] {
        let prefix = prefix.lowercased()
        let summary = try vault.summary()
        let last = summary.lastKnownActivities
        let favorites = summary.catalog.favorites
        return summary.types.map(\.name).filter { $0.hasPrefix(prefix) }.sorted { a, b in
            let (fa, fb) = (favorites.contains(a), favorites.contains(b))
            if fa != fb { return fa }
            let (la, lb) = (last[a] ?? .min, last[b] ?? .min)
            return la != lb ? la > lb : a < b
        }
    }

    /// Entry ids, newest first: live entries (for `edit`, `delete`, `show`) or deleted ones (for
    /// `restore`), those starting with `prefix` (any case).
    /// zsh and fish show each with what it is (`meal 12:30 2026-11-24 “note”`), bash (which
    /// cannot show a description) the bare id.
    static func entryIDs(
        _ vault: Vault, _ prefix: String, deleted: Bool, shell: CompletionShell? = CompletionShell.requesting
    ) throws -> [String] {
        let prefix = prefix.lowercased()
        var entries: [Entry] = []
        try vault.state().forEachEntry { entry in
            if entry.isDeleted == deleted, entry.id.description.lowercased().hasPrefix(prefix) { entries.append(entry) }
        }
        let newest = entries.sorted { $0.at.seconds != $1.at.seconds ? $0.at.seconds > $1.at.seconds : $0.id < $1.id }
            .prefix(entryLimit)
        return newest.map { entry in
            let id = entry.id.description
            // A description is one line of plain text: no tab, colon-free start, no line break.
            var text = DisplayText.escaped(entry.type) + " " + Render.clockAndDate(entry.at)
            if let note = entry.note { text += " “" + DisplayText.line(note, width: 40) + "”" }
            text = String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
            return switch shell {
            case .zsh: id + ":" + text
            case .fish: id + "\t" + text
            default: id
            }
        }
    }
}
