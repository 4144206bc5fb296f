import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

/// `tag ID TAG…`: tags put on an entry, as one event (`alog undo` takes them off again).
struct Tag: TagChange.Command {
    static let configuration = CommandConfiguration(
        commandName: "tag", abstract: "Put tags on an entry (+deep, or deep; recorded as one event).",
        discussion: TagChange.discussion)

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @Argument(help: "The tags (+deep +client-x; the '+' may be left out here).", completion: DynamicCompletion.tags)
    var tags: [String] = []

    @OptionGroup var options: VaultOptions

    static let puts = true
}

/// `untag ID TAG…`: tags taken off an entry, as one event.
struct Untag: TagChange.Command {
    static let configuration = CommandConfiguration(
        commandName: "untag", abstract: "Take tags off an entry (recorded as one event).",
        discussion: TagChange.discussion)

    @Argument(help: "The entry's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @Argument(help: "The tags to take off (+deep, or deep).", completion: DynamicCompletion.tags)
    var tags: [String] = []

    @OptionGroup var options: VaultOptions

    static let puts = false
}

/// What `tag` and `untag` share.
enum TagChange {
    /// `tag` (`puts`) or `untag`: an entry and the tags.
    protocol Command: InputChecked, OutcomeCommand where Input == [String], Outcome == Tagged {
        static var puts: Bool { get }
        var id: String { get }
        var tags: [String] { get }
        var options: VaultOptions { get }
    }

    static let discussion = """
        TAG: 1 to 64 characters, kept as written (case counts, as in timewarrior and Watson); no \
        control characters, no space at either end; quote one with spaces ('+Deep Focus'). \
        'alog undo' takes the change back; 'alog tags' lists the tags in use.
        """

    /// The entry prefix checked and the tags, or the refusal.
    static func input(id: String, words: [String]) throws -> [String] {
        try InputCheck.entryPrefix(id)
        guard !words.isEmpty else { throw ValidationError("name at least one tag: alog tag \(id) +deep") }
        return try InputCheck.tags(words, plusRequired: false)
    }
}

extension TagChange.Command {
    func checkedInput(_ time: TimeExpression) throws -> [String] { try TagChange.input(id: id, words: tags) }

    func execute() throws -> Tagged { try TagRequest(id: id, tags: tags, puts: Self.puts).perform(in: options.access) }

    func render(_ tagged: Tagged) { tagged.say() }
}
