import ArgumentParser
import LedgerCore
import LedgerEnvironment
import LedgerOutput
import LedgerVault

/// `split ID [AT]`: timewarrior's split, one timer window made two.
struct Split: InputChecked, OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "split", abstract: "Split a timer's window in two at AT (default: its middle).",
        discussion: """
            The timer keeps the part before AT; the part after it becomes a new timer of the same \
            type, note and goal (running on, when the timer runs). One commit; 'alog undo' joins \
            them again. AT: a time as for 'alog log' (10:30, 10:30:15, -20m).
            """)

    @Argument(help: "The timer's id or a unique prefix of it.", completion: DynamicCompletion.liveEntries)
    var id: String

    @Argument(help: "Where to split it (default: the middle of its window).")
    var at: String?

    @OptionGroup var options: VaultOptions

    func checkedInput(_ time: TimeExpression) throws -> LocalInstant? {
        try InputCheck.entryPrefix(id)
        return try InputCheck.instant(at, time)
    }

    /// What a `split` did: the two parts as the timeline now lays them.
    struct Done {
        var first: Timeline.Interval
        var second: Timeline.Interval
        var warnings: [Notice]
    }

    func execute() throws -> Done {
        let time = CommandClock.expression
        let point = try checkedInput(time)
        let vault = try options.open { _ = try $0.timers.checkSplit(id, at: point, now: time.now, zone: time.zone) }
        let (plan, second, appended) = try vault.timers.split(id, at: point, now: time.now, zone: time.zone)
        let timeline = try vault.state().timeline
        guard let first = timeline.interval(of: plan.interval.entry.id), let next = timeline.interval(of: second) else {
            throw VaultError.unknownEntry(second.description)
        }
        return Done(first: first, second: next, warnings: appended.warnings)
    }

    func render(_ done: Done) {
        done.warnings.forEach(Terminal.warn)
        let now = CommandClock.nowSeconds
        func part(_ interval: Timeline.Interval) -> String {
            Render.clock(interval.start) + " "
                + Render.windowColumn(Render.Window(interval, now: now), start: interval.start)
        }
        Log.report(
            id: done.second.entry.id,
            confirmation:
                "split \(DisplayText.escaped(done.first.entry.type)) \(done.first.entry.id) at \(Render.clockAndDate(done.second.start)): \(part(done.first)) and \(part(done.second)) · new id \(done.second.entry.id)"
        )
    }
}
