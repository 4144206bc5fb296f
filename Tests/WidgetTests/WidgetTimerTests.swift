import Foundation
import TestSupport
import Testing

/// The running timer in the widget's status bars and timeline (issue 17): read from the
/// `running-timer` file the vault refreshes with the cache, its elapsed time computed when shown.
@Suite("alog widget: the running timer")
struct WidgetTimerTests {
    func plain(_ vault: String, now: Int64 = testNow) throws -> String {
        let result = try alog(["widget", "status", "--format", "plain"], vault: vault, now: now)
        #expect(result.succeeded, "\(result.stderr)")
        return result.stdout
    }

    func id(_ result: ProcessResult) -> String {
        #expect(result.succeeded, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("every status-bar format and the timeline show the running timer, elapsed at display time")
    func everyFormat() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        _ = try alog(["types", "add", "reading"], vault: vault)
        _ = id(try alog(["start", "reading", "--at", "2030-01-01T10:20:00Z", "--goal", "2h"], vault: vault))
        #expect(try plain(vault) == "Awake 5h · Meal 45m · ⏱ reading 1h 40m (goal 2h)\n")
        #expect(try plain(vault, now: testNow + 600) == "Awake 5h 10m · Meal 55m · ⏱ reading 1h 50m (goal 2h)\n")
        let waybar = try jsonObject(try alog(["widget", "status", "--format", "waybar"], vault: vault).stdout)
        #expect(waybar["text"] as? String == "☀️ 5h  🍽️ 45m  ⏱ reading 1h 40m")
        #expect(waybar["class"] as? [String] == ["awake", "timer"])
        #expect(
            (waybar["tooltip"] as? String)?.contains(
                "Timer reading running for 1h 40m (since 10:20) · goal 2h: 20m left, at 12:20") == true)
        let late = try jsonObject(
            try alog(["widget", "status", "--format", "waybar"], vault: vault, now: testNow + 3600).stdout)
        #expect((late["tooltip"] as? String)?.contains("goal 2h reached at 12:20") == true)
        #expect(
            try alog(["widget", "status", "--format", "i3blocks"], vault: vault).stdout
                == "☀️ 5h  🍽️ 45m  ⏱ reading 1h 40m\n☀️ 5h\n#F5A623\n")
        #expect(
            try alog(["widget", "status", "--format", "tmux"], vault: vault).stdout
                == "#[fg=colour214]☀️ 5h#[default] 🍽️ 45m #[fg=colour76]⏱ reading 1h 40m#[default]\n")

        let timeline = try jsonObject(try alog(["widget", "timeline", "--json"], vault: vault).stdout)
        let entries = try #require(timeline["entries"] as? [[String: Any]])
        let first = try #require(entries.first?["timer"] as? [String: Any])
        #expect(first["type"] as? String == "reading")
        #expect(first["running"] as? Bool == true)
        #expect(first["since"] as? String == "2030-01-01T10:20:00Z")
        #expect(first["text"] as? String == "1h 40m")
        #expect(first["goalSeconds"] as? Int == 7200)
        #expect(first["goalAt"] as? String == "2030-01-01T12:20:00Z")
        // The same as `alog status --json` says of the running timer at that minute.
        let status = try jsonObject(try alog(["status", "--json"], vault: vault, now: testNow + 59 * 60).stdout)
        let running = try #require(status["running"] as? [String: Any])
        let last = try #require(entries.last?["timer"] as? [String: Any])
        #expect(last["text"] as? String == running["text"] as? String)
        #expect(last["entry"] as? String == running["entry"] as? String)
        let text = try alog(["widget", "timeline", "--entries", "2"], vault: vault).stdout
        // Columns as wide as their widest cell, two spaces apart.
        #expect(
            text
                == "12:00  ☀️ Awake 5h     🍽️ Meal 45m  ⏱ reading 1h 40m running\n12:01  ☀️ Awake 5h 1m  🍽️ Meal 46m  ⏱ reading 1h 41m running\n",
            "\(text)")
    }

    @Test("the waybar tooltip gives a goal past midnight its date, as status does")
    func goalPastMidnight() throws {
        let home = TemporaryDirectory()
        let (vault, _) = try makeVault(home)
        _ = try alog(["types", "add", "reading"], vault: vault)
        _ = id(try alog(["start", "reading", "--at", "2030-01-01T11:00:00Z", "--goal", "13h"], vault: vault))
        let waybar = try jsonObject(try alog(["widget", "status", "--format", "waybar"], vault: vault).stdout)
        let tooltip = try #require(waybar["tooltip"] as? String)
        #expect(tooltip.contains("goal 13h: 12h left, at 00:00 2030-01-02"), "\(tooltip)")
        let status = try alog(["status"], vault: vault).stdout
        #expect(status.contains("00:00 2030-01-02"), "\(status)")
    }

    @Test("start, switch, stop, resume, a moved start, delete and undo: the widget follows the vault")
    func followsTheVault() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        _ = try alog(["types", "add", "reading"], vault: vault)
        #expect(try plain(vault) == "Awake 5h · Meal 45m\n")
        let reading = id(try alog(["start", "reading", "--at", "2030-01-01T11:00:00Z"], vault: vault))
        #expect(try plain(vault).contains("⏱ reading 1h\n"))
        _ = id(try alog(["switch", "exercise", "--at", "2030-01-01T11:30:00Z"], vault: vault))
        #expect(try plain(vault).contains("⏱ exercise 30m\n"))
        #expect(try alog(["stop", "--at", "2030-01-01T11:40:00Z"], vault: vault).succeeded)
        #expect(try plain(vault) == "Awake 5h · Meal 45m\n")
        #expect(try readFile(widget + "running-timer") == "alog-running-timer-1\n")
        let resumed = id(try alog(["resume", "--at", "2030-01-01T11:50:00Z"], vault: vault))
        #expect(try plain(vault).contains("⏱ exercise 10m\n"))
        #expect(try alog(["edit", resumed, "--start", "2030-01-01T11:45:00Z"], vault: vault).succeeded)
        #expect(try plain(vault).contains("⏱ exercise 15m\n"))
        #expect(try alog(["delete", resumed], vault: vault).succeeded)
        #expect(try plain(vault) == "Awake 5h · Meal 45m\n", "the deleted timer no longer runs")
        #expect(try alog(["undo"], vault: vault).succeeded)
        #expect(try plain(vault).contains("⏱ exercise 15m\n"), "undo brings it back")
        #expect(try alog(["delete", resumed], vault: vault).succeeded)
        #expect(try alog(["start", "reading", "--at", "2030-01-01T11:55:00Z"], vault: vault).succeeded)
        #expect(try plain(vault).contains("⏱ reading 5m\n"))
        _ = reading
    }

    @Test("a missing or older running-timer file shows no timer, and the next command writes it")
    func missingOrOldFile() throws {
        let home = TemporaryDirectory()
        let (vault, widget) = try makeVault(home)
        let started = id(
            try alog(["start", "exercise", "--at", "2030-01-01T11:00:00Z", "--goal", "90m"], vault: vault))
        #expect(
            try readFile(widget + "running-timer")
                == "alog-running-timer-1\n\(started)\texercise\t\(testNow - 3600)\t5400\n")
        for old in [nil, "alog-running-timer-0\nsomething else\n", "garbage"] {
            if let old {
                try writeFile(widget + "running-timer", old)
            } else {
                try FileManager.default.removeItem(atPath: widget + "running-timer")
            }
            let status = try alog(["widget", "status", "--format", "plain"], vault: vault)
            #expect(status.succeeded && status.stderr.isEmpty && status.stdout == "Awake 5h · Meal 45m\n")
            #expect(try alog(["status"], vault: vault).succeeded)
            #expect(try plain(vault) == "Awake 5h · Meal 45m · ⏱ exercise 1h (goal 1h 30m)\n")
        }
    }

    @Test("a sync that brings a newer start from another device shows that timer")
    func syncBringsNewerStart() throws {
        let home = TemporaryDirectory()
        let remote = home.sub("shared.git")
        #expect(try git("init", "--bare", "-b", "main", remote, in: home.path).succeeded)
        let (laptop, _) = try makeVault(home)
        #expect(try alog(["remote", "add", "origin", remote], vault: laptop).succeeded)
        #expect(try alog(["sync"], vault: laptop).succeeded)
        let phone = home.sub("phone")
        #expect(try alog(["clone", remote], vault: phone).succeeded)
        _ = id(try alog(["start", "exercise", "--at", "2030-01-01T10:00:00Z"], vault: laptop))
        #expect(try plain(laptop).contains("⏱ exercise 2h\n"))
        _ = id(try alog(["start", "meal", "--at", "2030-01-01T11:30:00Z"], vault: phone))
        #expect(try alog(["sync"], vault: phone).succeeded)
        #expect(try alog(["sync"], vault: laptop).succeeded)
        #expect(try plain(laptop).contains("⏱ meal 30m\n"), "the later start from the phone runs; exercise ended there")
        #expect(try alog(["stop", "--at", "2030-01-01T11:45:00Z"], vault: phone).succeeded)
        #expect(try alog(["sync"], vault: phone).succeeded)
        #expect(try alog(["sync"], vault: laptop).succeeded)
        #expect(!(try plain(laptop).contains("⏱")), "stopped on the phone")
    }
}
