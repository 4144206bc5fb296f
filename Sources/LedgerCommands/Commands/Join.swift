import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

/// `join ID ID`: timewarrior's join, two timer windows of one type made one.
struct Join: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Join two timers of one type into one window (the earlier keeps it).",
        discussion: """
            The earlier timer's window runs on to the later one's end, covering the gap between \
            them, with both notes; the later entry is deleted. No other timer may lie between \
            them. One commit; 'alog undo' splits them again.
            """)

    @Argument(help: "One timer's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var first: String

    @Argument(help: "The other timer's id or prefix.", completion: DynamicCompletion.liveEntries)
    var second: String

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws {
        try InputCheck.entryPrefix(first)
        try InputCheck.entryPrefix(second)
    }

    /// What a `join` did: the joined window, and the entry deleted into it.
    struct Done {
        var joined: Timeline.Interval
        var deleted: Entry
        var warnings: [Notice]
    }

    func execute() throws -> Done {
        try checkedInput(CommandClock.expression)
        let vault = try options.open { _ = try $0.timers.checkJoin(first, second) }
        let (plan, appended) = try vault.timers.join(first, second)
        guard let joined = try vault.state().timeline.interval(of: plan.first.entry.id) else {
            throw VaultError.unknownEntry(plan.first.entry.id.description)
        }
        return Done(joined: joined, deleted: plan.second.entry, warnings: appended.warnings)
    }

    func render(_ done: Done) {
        done.warnings.forEach(Terminal.warn)
        let window = Render.windowColumn(
            Render.Window(done.joined, now: CommandClock.nowSeconds), start: done.joined.start)
        emit(
            "joined \(DisplayText.escaped(done.joined.entry.type)) \(done.deleted.id) into \(done.joined.entry.id): \(Render.clockAndDate(done.joined.start)) \(window)"
        )
    }
}
