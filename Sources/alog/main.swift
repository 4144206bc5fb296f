import LedgerSystem
import LedgerWidget

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// `alog`, the front. A status bar or a quick-log key starts a process for every refresh or
// tap, so the widget's commands are answered here, in a binary that loads neither libgit2 nor
// the argument parser; so is `status` when its summary cache is current. Everything else — a
// `status` that needs git, and any invocation this front does not fully understand, `--help`
// included — is handed to `alog-full` (the whole CLI) with exec, so there is one source of
// truth for help texts and errors.

signal(SIGXFSZ, SIG_IGN)  // a file size limit fails the write (EFBIG) instead of killing alog mid-way
let arguments = Array(CommandLine.arguments.dropFirst())
if let command = HotCommand(arguments), let gitDirectory = command.location.gitDirectory,
    let status = command.run(gitDirectory: gitDirectory)
{
    exit(status)
}
FullCLI.exec(arguments)
