import LedgerCommands
import LedgerTaskNotes
import LedgerWeb

// `alog-serve`: the whole CLI with the web dashboard's server installed (Hummingbird, in
// LedgerWeb); `alog serve` hands its command line here, see Package.swift.
TaskNotes.reader = TaskNoteFiles()
WebDashboard.server = { try WebServer.serve($0) }
Alog.runFromCommandLine()
