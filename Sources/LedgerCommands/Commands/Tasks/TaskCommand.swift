import ArgumentParser

/// `alog task …`: a timer bound to a task note of the vault (docs/obsidian.md).
struct TaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task",
        abstract: "Work on a task note: start, pause, resume, complete (the note's ems__Effort_status follows).",
        discussion: """
            A task is a Markdown note whose frontmatter has ems__Effort_status (the Exocortex plugin's \
            tasks); NOTE is its path in the vault or its file name without .md. 'task start' sets the \
            status to Doing and starts a timer bound to the note (a running timer is switched off, as \
            'alog start' does); 'task complete' stops it and sets Done. The note's change and the \
            timer's event are one commit.
            """,
        subcommands: [TaskStart.self, TaskPause.self, TaskResume.self, TaskComplete.self, TaskCurrent.self]
    )
}
