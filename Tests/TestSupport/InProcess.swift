import Foundation
import LedgerCommands
import LedgerFastPath
import LedgerGit
import LedgerSystem
import LedgerTaskNotes

/// How the tests run a command line of `alog`.
public enum CommandRun: Sendable {
    /// Inside this test process, through the entry the two executables' `main`s use
    /// (`FrontMain.answer`, else `Alog.main`), in an `Invocation` with the environment and
    /// working folder a child would get. The default: a process start costs more than most
    /// commands.
    case inProcess
    /// A process of its own (the built `alog`): for what only a process has, such as signals,
    /// a crash point, another time zone, the front's exec of `alog-full`.
    case process
}

/// An empty folder libgit2 looks in for the global, XDG and system configuration, set before
/// the first in-process run: the commands run here see no `~/.gitconfig` of the machine's
/// user, as a child given a home of its own sees none.
private let isolatedFromUserGitConfiguration: Void = {
    let folder = testConfigFolders.sub("no-git-configuration")
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    readNoConfigurationOutsideRepositories(folder: folder)
}()

/// The task notes reader `alog-notes` installs, installed once in this process too (the task
/// commands then run in-process instead of handing over to `alog-notes`).
let taskNotesInstalled: Void = { TaskNotes.reader = TaskNoteFiles() }()

/// Runs `alog arguments` to completion (no standard input) and captures what it wrote:
/// in-process unless `run` says otherwise or the run needs what only a process has.
@discardableResult
public func runAlogCommandLine(
    _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
    run: CommandRun = .inProcess
) throws -> ProcessResult {
    let env = childEnvironment(environment)
    if run == .process || needsProcess(arguments, env) {
        return try runProcess(productsDirectory + "/alog", arguments, in: directory, environment: environment)
    }
    _ = isolatedFromUserGitConfiguration
    _ = taskNotesInstalled
    let invocation = Invocation(
        environment: env, workingDirectory: directory ?? FileManager.default.currentDirectoryPath)
    let status = invocation.run {
        let hoisted = GlobalOptions.hoisted(arguments)
        return FrontMain.answer(hoisted) ?? Alog.main(hoisted)
    }
    let (stdout, stderr) = invocation.output
    return ProcessResult(
        status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self)
    )
}

/// True when a run with `environment` would not behave in this process as in a child: a crash
/// point, a git configuration in the given home, `watch` (signals, a loop), another `alog-full`.
/// (Any time zone runs here: an invocation reads its own `TZ` from zoneinfo, `SystemTimeZone`.)
func needsProcess(_ arguments: [String], _ environment: [String: String]) -> Bool {
    if environment["ALOG_FAULT"] != nil || environment["ALOG_FULL"] != nil { return true }
    if arguments.contains("watch") { return true }
    if environment.keys.contains(where: { $0.hasPrefix("GIT_CONFIG") }) { return true }
    let configurations = [
        environment["HOME"].map { $0 + "/.gitconfig" },
        environment["HOME"].map { $0 + "/.config/git/config" },
        environment["XDG_CONFIG_HOME"].map { $0 + "/git/config" },
    ]
    return configurations.contains { $0.map(FileManager.default.fileExists(atPath:)) ?? false }
}
