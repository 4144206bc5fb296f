import LedgerFastPath

// `alog`, the front. A status bar or a quick-log key starts a process for every refresh or
// tap, so the widget's commands are answered here, in a binary that loads neither libgit2 nor
// the argument parser; so is `status` when its summary cache is current. Everything else — a
// `status` that needs git, and any invocation this front does not fully understand, `--help`
// included — is handed to `alog-full` (the whole CLI) with exec, so there is one source of
// truth for help texts and errors. All of it lives in LedgerFastPath, where tests reach it.

FrontMain.run(Array(CommandLine.arguments.dropFirst()))
