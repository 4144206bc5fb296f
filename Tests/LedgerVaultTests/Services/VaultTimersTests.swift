import LedgerCore
import LedgerVault
import TestSupport
import Testing

/// `VaultTimers` (`vault.timers`), the timer service over a vault, called as a shell would: each
/// action is one commit, checked before it writes, and the timeline folds what it wrote.
@Suite("VaultTimers: start, switch, stop, resume, track, cancel, goals")
struct VaultTimersTests {
    func timedVault(_ dir: TemporaryDirectory) throws -> Vault {
        let (vault, _) = try Vault.initialize(at: dir.path)
        for type in ["work", "reading", "walk"] {
            _ = try vault.defineType(ActivityTypeDefinition(name: type, icon: "•", group: "", color: ""))
        }
        return vault
    }

    func commits(_ dir: TemporaryDirectory) throws -> Int {
        Int(try git("rev-list", "--count", "HEAD", in: dir.path).stdout.filter(\.isNumber))!
    }

    @Test("a start stops the running timer where it starts; stop and resume follow the timeline, one commit each")
    func startSwitchStopResume() throws {
        let dir = TemporaryDirectory()
        let vault = try timedVault(dir)
        let before = try commits(dir)
        let (work, first) = try vault.timers.start(
            type: "work", at: at("2024-03-01T09:00:00Z"), note: nil, goal: 7200)
        #expect(first.stops == nil && first.trims.isEmpty)
        let (reading, plan) = try vault.timers.start(
            type: "reading", at: at("2024-03-01T10:30:00Z"), note: "novel", goal: nil)
        #expect(plan.stops?.entry.id == work.events.last!.id)
        #expect(try vault.state().timeline.running?.entry.id == reading.events.last!.id)

        let (stopped, _) = try vault.timers.stop(at: at("2024-03-01T11:00:00Z"), note: nil)
        #expect(stopped.entry.type == "reading" && stopped.seconds(now: 0) == 1800)
        #expect(try vault.state().timeline.running == nil)
        // A second stop has nothing to stop, and writes nothing.
        #expect(throws: TimerError.nothingRunning) { try vault.timers.stop(at: at("2024-03-01T11:05:00Z"), note: nil) }

        let (resumed, again) = try vault.timers.resume(at: at("2024-03-01T12:00:00Z"))
        #expect(resumed.entry.type == "reading")
        let running = try #require(try vault.state().timeline.running)
        #expect(running.entry.id == again.events.last!.id && running.entry.note == "novel")
        #expect(try commits(dir) == before + 4)
        #expect(try git("fsck", "--strict", in: dir.path).succeeded)
    }

    @Test("track records a window in one commit; an overlap is refused unless adjusted, and cancel drops a run")
    func trackAndCancel() throws {
        let dir = TemporaryDirectory()
        let vault = try timedVault(dir)
        let (tracked, trims) = try vault.timers.track(
            type: "walk", from: at("2024-03-01T06:00:00Z"), to: at("2024-03-01T06:45:00Z"), note: nil, adjust: false)
        #expect(trims.isEmpty && tracked.events.count == 2)
        let walk = try #require(try vault.state().timeline.interval(of: tracked.events[0].id))
        #expect(walk.seconds(now: 0) == 2700)

        let before = try commits(dir)
        #expect(throws: TimerError.self) {
            try vault.timers.track(
                type: "work", from: at("2024-03-01T06:30:00Z"), to: at("2024-03-01T07:30:00Z"), note: nil,
                adjust: false)
        }
        #expect(try commits(dir) == before)
        let (_, adjusted) = try vault.timers.track(
            type: "work", from: at("2024-03-01T06:30:00Z"), to: at("2024-03-01T07:30:00Z"), note: nil, adjust: true)
        #expect(adjusted.count == 1 && adjusted[0].entry.type == "walk")
        #expect(try vault.state().timeline.interval(of: tracked.events[0].id)?.end == at("2024-03-01T06:30:00Z"))

        _ = try vault.timers.start(type: "reading", at: at("2024-03-01T08:00:00Z"), note: nil, goal: nil)
        let (cancelled, _) = try vault.timers.cancel()
        #expect(cancelled.entry.type == "reading")
        #expect(try vault.state().timeline.running == nil)
        #expect(try vault.state().entry(cancelled.entry.id)?.isDeleted == true)
    }

    @Test("a daily goal is set and removed as events; one out of range is refused before writing")
    func dailyGoals() throws {
        let dir = TemporaryDirectory()
        let vault = try timedVault(dir)
        _ = try vault.timers.setDailyGoal(type: "work", seconds: 6 * 3600)
        #expect(try vault.summary().dailyGoals == ["work": 6 * 3600])
        let before = try commits(dir)
        #expect(throws: TimerError.goalOutOfRange(seconds: 25 * 3600, limit: 24 * 3600)) {
            try vault.timers.checkDailyGoal(type: "work", seconds: 25 * 3600)
        }
        #expect(try commits(dir) == before)
        _ = try vault.timers.setDailyGoal(type: "work", seconds: 0)
        #expect(try vault.summary().dailyGoals.isEmpty)
    }
}
