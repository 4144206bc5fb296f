import ArgumentParser
import Foundation
import LedgerCore
import LedgerSystem
import LedgerVault
import TestSupport
import Testing

@testable import LedgerCommands

/// Issue 22, "a command is execute then render": the work returns its outcome and prints
/// nothing; saying it is a separate step. Run inside an `Invocation`, as a URL handler would.
@Suite("A command's work returns data; rendering is its own step")
struct ExecuteRenderTests {
    @Test("LogRequest.perform commits and returns the entry without printing; render says it as the CLI does")
    func logExecuteThenRender() throws {
        let home = TemporaryDirectory()
        let vault = home.sub("vault")
        let environment = [
            "TZ": "UTC", "ALOG_NOW": "2030-01-01T12:00:00Z", "HOME": home.path, "XDG_CONFIG_HOME": home.sub("config"),
        ]
        #expect(try runAlogCommandLine(["init", "--vault", vault], environment: environment).succeeded)
        let invocation = Invocation(environment: environment, workingDirectory: home.path)
        let logged = try invocation.run {
            try LogRequest(type: "Meal", at: "11:30", note: .text("soup")).perform(in: VaultAccess(path: vault))
        }
        #expect(logged.type == "meal")
        #expect(logged.instant.seconds == 1_893_497_400)
        #expect(invocation.output.stdout.isEmpty && invocation.output.stderr.isEmpty)
        // The entry is in the vault, as the real git sees it.
        let history = try runAlogCommandLine(["history", "--json", "--vault", vault], environment: environment)
        #expect(history.stdout.contains(logged.id.description))
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        // Rendering is what `alog log` prints without a terminal: the id alone.
        invocation.run { Log.render(logged) }
        #expect(String(decoding: invocation.output.stdout, as: UTF8.self) == logged.id.description + "\n")
        // A refusal is thrown before anything is written, and prints nothing either.
        let refusal = Invocation(environment: environment, workingDirectory: home.path)
        #expect(throws: (any Error).self) {
            try refusal.run { try LogRequest(type: "nosuchtype").perform(in: VaultAccess(path: vault)) }
        }
        #expect(refusal.output.stdout.isEmpty && refusal.output.stderr.isEmpty)
        #expect(try git("rev-list", "--count", "HEAD", in: vault).stdout == "2\n")
    }
}

/// Every command of the table in two steps, called as another shell would: parsed through
/// the root, `execute` alone (nothing printed), then `render` of its outcome, which must print
/// what the whole command line prints.
@Suite("Every command is execute, then render")
struct EveryCommandExecuteRenderTests {
    /// The leaves that are not two steps, both running until Ctrl-C: a live view whose frames
    /// are `status`'s summary drawn again every second (its keys call `vault.timers.stop/resume`,
    /// as `stop` and `resume` do), and the web server, whose every request performs the typed
    /// use case one of these commands performs (docs/web.md).
    static let liveViews: Set<String> = ["watch", "serve"]

    @Test("every leaf of the command table is an OutcomeCommand (but the live views)")
    func everyLeafIsTwoSteps() {
        for leaf in CommandTable.leaves where !Self.liveViews.contains(leaf.words[0]) {
            #expect(leaf.type is any OutcomeCommand.Type, "\(leaf.words.joined(separator: " ")) runs in one step")
        }
        #expect(!(Watch.self is any OutcomeCommand.Type))
    }

    let home = TemporaryDirectory()
    var vault: String { home.sub("vault") }
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in [
            "TZ": "UTC", "ALOG_NOW": "2030-01-01T12:00:00Z", "HOME": home.path, "XDG_CONFIG_HOME": home.sub("config"),
            "NO_COLOR": "1", "GIT_AUTHOR_NAME": "Test Person", "GIT_AUTHOR_EMAIL": "test@example.com",
            "GIT_COMMITTER_NAME": "Test Person", "GIT_COMMITTER_EMAIL": "test@example.com",
        ] {
            env[key] = value
        }
        return env
    }

    /// `arguments` parsed through the root and executed inside an invocation of its own: the
    /// outcome, and what the step wrote (it must be nothing on stdout).
    func executeAlone(_ arguments: [String]) throws -> (outcome: Any, command: any OutcomeCommand, stdout: [UInt8]) {
        let invocation = Invocation(environment: environment, workingDirectory: home.path)
        let parsed = try invocation.run { try Alog.parseAsRoot(arguments) }
        let command = try #require(parsed as? any OutcomeCommand, "\(arguments) is not two steps")
        func execute<Command: OutcomeCommand>(_ command: Command) throws -> Any { try command.execute() }
        let outcome = try invocation.run { try execute(command) }
        return (outcome, command, invocation.output.stdout)
    }

    /// What `render` of `outcome` prints (in an invocation of its own).
    func rendered(_ command: any OutcomeCommand, _ outcome: Any) throws -> String {
        let invocation = Invocation(environment: environment, workingDirectory: home.path)
        func render<Command: OutcomeCommand>(_ command: Command) throws {
            try command.render(outcome as! Command.Outcome)
        }
        try invocation.run { try render(command) }
        return String(decoding: invocation.output.stdout, as: UTF8.self)
    }

    @Test("writes return their outcome as data and print nothing; reads render what the command line prints")
    func writesAndReads() throws {
        #expect(try runAlogCommandLine(["init", "--vault", vault], environment: environment).succeeded)
        let v = ["--vault", vault]
        for type in ["work", "reading", "walk"] {
            #expect(try runAlogCommandLine(["types", "add", type] + v, environment: environment).succeeded)
        }

        let logged = try executeAlone(["log", "meal", "--at", "08:00"] + v)
        #expect(logged.stdout.isEmpty)
        let entry = try #require(logged.outcome as? Logged)
        #expect(entry.type == "meal" && entry.instant.localTime == "08:00")

        let started = try executeAlone(["start", "work", "--at", "09:00", "--goal", "2h"] + v)
        #expect(started.stdout.isEmpty)
        let work = try #require(started.outcome as? Started)
        #expect(work.type == "work" && work.plan.stops == nil && work.end == nil)

        // A switch says what it stopped, as data.
        let switched = try #require(
            try executeAlone(["start", "reading", "--at", "10:30"] + v).outcome as? Started)
        #expect(switched.plan.stops?.entry.id == work.id)

        let stopped = try #require(try executeAlone(["stop", "--at", "11:00"] + v).outcome as? Stopped)
        #expect(stopped.interval.entry.id == switched.id && stopped.interval.seconds(now: 0) == 1800)

        let tracked = try #require(
            try executeAlone(["track", "walk", "06:00", "-", "06:45"] + v).outcome as? Track.Tracked)
        #expect(tracked.end.seconds - tracked.start.seconds == 2700)

        let edited = try #require(
            try executeAlone(["edit", String(entry.id.description.prefix(8)), "--note", "porridge"] + v).outcome
                as? Edited)
        #expect(edited.entry.note == "porridge" && edited.recorded)
        let unchanged = try #require(
            try executeAlone(["edit", String(entry.id.description.prefix(8)), "--note", "porridge"] + v).outcome
                as? Edited)
        #expect(!unchanged.recorded)

        let added = try executeAlone(["types", "add", "yoga", "--group", "body"] + v)
        #expect(
            (added.outcome as? TypeDefined)?
                .change == .defined)
        let again = try executeAlone(["types", "add", "yoga", "--group", "body"] + v)
        #expect(
            (again.outcome as? TypeDefined)?
                .change == .unchanged)

        let undone = try #require(try executeAlone(["undo"] + v).outcome as? Undone)
        #expect(undone.undone.appended != nil)

        // Reads: execute prints nothing, and render prints exactly what the command line does.
        for read in [
            ["status"], ["status", "--json"], ["history"], ["history", "--json", "--type", "work"], ["report", ":all"],
            ["report", ":all", "--json", "--by", "day"], ["streaks"], ["calendar", "--json", "--weeks", "2"],
            ["show", String(work.id.description.prefix(8))], ["audit", "--json"], ["types"],
            ["types", "--json", "--all"],
            ["goals"], ["remote"], ["export", "--format", "csv"], ["export", "--format", "timewarrior"],
            ["config"], ["widget", "status"], ["widget", "pending", "--json"],
            ["widget", "timeline", "--entries", "3"], ["completions", "script", "bash"],
        ] {
            let arguments = read[0] == "completions" ? read : read + v
            let alone = try executeAlone(arguments)
            #expect(alone.stdout.isEmpty, "\(read) printed in execute")
            let whole = try runAlogCommandLine(arguments, environment: environment)
            #expect(whole.succeeded && !whole.stdout.isEmpty, "\(read): \(whole.stderr)")
            #expect(try rendered(alone.command, alone.outcome) == whole.stdout, "\(read)")
        }

        // verify's outcome decides its exit status; the rendering says why.
        let verified = try executeAlone(["verify"] + v)
        #expect(verified.command.exitStatusName(for: verified.outcome) == "success")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
    }
}

extension OutcomeCommand {
    /// The exit status `run()` would end with for `outcome`, by name (a test reads it from an
    /// existential).
    func exitStatusName(for outcome: Any) -> String {
        exitStatus(for: outcome as! Outcome) == .success ? "success" : "failure"
    }
}
