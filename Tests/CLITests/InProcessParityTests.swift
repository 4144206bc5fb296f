import Foundation
import TestSupport
import Testing

/// The suite runs most command lines inside the test process (`runAlogCommandLine`); these
/// check that doing so changes nothing a user sees: the same command line, in-process and as a
/// process of its own, writes the same bytes to stdout and stderr and exits the same.
@Suite("A command line run in-process is the process's twin")
struct InProcessParityTests {
    static let now = ["ALOG_NOW": "2030-03-01T12:00:00Z"]

    func both(_ arguments: [String], home: String) throws -> (inProcess: ProcessResult, process: ProcessResult) {
        (
            try alog(arguments, home: home, environment: Self.now, run: .inProcess),
            try alog(arguments, home: home, environment: Self.now, run: .process)
        )
    }

    func expectSame(_ pair: (inProcess: ProcessResult, process: ProcessResult), _ arguments: [String]) {
        #expect(pair.inProcess.status == pair.process.status, "\(arguments)")
        #expect(pair.inProcess.stdout == pair.process.stdout, "\(arguments)")
        #expect(pair.inProcess.stderr == pair.process.stderr, "\(arguments)")
    }

    @Test("reads, help, version, typos, refusals and JSON refusals: the same bytes and status")
    func readsAndRefusals() throws {
        let home = TemporaryDirectory()
        for (type, at) in [("sleep", "2030-02-28T23:00:00Z"), ("wake", "07:10"), ("meal", "-2h")] {
            #expect(
                try alog(["log", type, "--at", at, "--note", "n"], home: home.path, environment: Self.now).succeeded)
        }
        #expect(
            try alog(["track", "exercise", "09:00", "-", "09:45"], home: home.path, environment: Self.now).succeeded)
        let lines: [[String]] = [
            ["history"], ["history", "--json"], ["status"], ["status", "--json"], ["report", "--json"],
            ["report", ":all"], ["types"], ["streaks"], ["calendar", "--json"], ["export", "--format", "csv"],
            ["verify"], ["audit"], ["config"], ["--version"], ["--help"], ["help", "log"], ["log", "--help"],
            ["stauts"], ["log"], ["log", "nosuchtype"], ["log", "nosuchtype", "--json"], ["history", "--limit", "-1"],
            ["log", "meal", "--at", "25:99"], ["edit", "zzzz", "--note", "x"], ["show", "zzzz", "--json"],
            ["---completion", "--", "alog", "log", ""],
        ]
        for arguments in lines { expectSame(try both(arguments, home: home.path), arguments) }
    }

    @Test("writes: two homes given the same command lines, one in-process, one by processes, say the same")
    func writes() throws {
        let homes = (inProcess: TemporaryDirectory(), process: TemporaryDirectory())
        let masked = { (text: String) in
            text.replacing(/\b[0-9a-z]{12}\b/, with: "<id>").replacing(/[0-9a-z]{10}@alog\.invalid/, with: "<device>")
                .replacing(homes.inProcess.path, with: "<home>")
                .replacing(homes.process.path, with: "<home>")
        }
        let lines: [[String]] = [
            ["log", "wake", "--at", "06:00"], ["log", "meal", "--at", "-1h", "--note", "soup"], ["start", "reading"],
            ["start", "reading"], ["stop"], ["stop"], ["types", "add", "tea"], ["types", "add", "tea"], ["undo"],
            ["sync"], ["delete", "zzzz"],
        ]
        for arguments in lines {
            let a = try alog(arguments, home: homes.inProcess.path, environment: Self.now, run: .inProcess)
            let b = try alog(arguments, home: homes.process.path, environment: Self.now, run: .process)
            #expect(a.status == b.status, "\(arguments)")
            #expect(masked(a.stdout) == masked(b.stdout), "\(arguments)")
            #expect(masked(a.stderr) == masked(b.stderr), "\(arguments)")
        }
        // The in-process runs landed as commits the real git reads back.
        let vault = homes.inProcess.sub("data/alog/vault")
        #expect(try git("fsck", "--strict", in: vault).succeeded)
        #expect(
            try git("rev-list", "--count", "HEAD", in: vault).stdout
                == git("rev-list", "--count", "HEAD", in: homes.process.sub("data/alog/vault")).stdout)
    }
}
