import LedgerCommands

// `alog-full`, the whole CLI. Every command lives in LedgerCommands; this only starts it.
Alog.runFromCommandLine()
