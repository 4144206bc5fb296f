import LedgerCommands
import LedgerTaskNotes

// `alog-notes`: the whole CLI with the task notes reader installed (LedgerTaskNotes reads
// frontmatter with Yams). `alog-full` hands the task commands here; see Package.swift.
TaskNotes.reader = TaskNoteFiles()
Alog.runFromCommandLine()
