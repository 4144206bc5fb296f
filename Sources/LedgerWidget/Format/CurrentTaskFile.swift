package import LedgerCore

/// `current_task.json`, in the Exocortex seed's shape: the task whose timer runs at HEAD.
///
///     {"id": "Fix bug 123", "title": "Fix bug #123", "startTime": "2026-11-24T09:30:00Z", "vaultName": "Notes"}
///
/// `id` is the note's file name without `.md`, `startTime` the timer's start in UTC, `vaultName`
/// the vault folder's name. It is a projection of the vault ("Obsidian is the source of truth"):
/// written from every summary of HEAD, removed when no task timer runs, and rewritten when it is
/// missing or damaged. It lives in `<git dir>/alog/widget/` beside `LastKnownActivities.json`,
/// device-local and never tracked.
package struct CurrentTaskFile: Sendable, Equatable {
    package var id: String
    package var title: String
    package var startTime: Int64
    package var vaultName: String
    /// The note's path in the vault (an extra key, `path`: the seed's readers ignore it).
    package var path: String

    package init(task: TaskRef, since: Int64, vaultName: String) {
        (id, title, startTime, self.vaultName, path) = (task.id, task.title, since, vaultName, task.path)
    }

    /// The running task timer of `summary`, if one runs.
    package init?(summary: StatusSummary, vaultName: String) {
        guard let running = summary.timeline.running, let task = running.entry.task else { return nil }
        self.init(task: task, since: running.start.seconds, vaultName: vaultName)
    }

    /// The keys and their JSON strings, in the file's order (`task current --json` prints them too).
    package var members: [(String, String)] {
        var start = LocalInstant(seconds: startTime, offset: 0).iso8601
        if start.hasSuffix("+00:00") { start = String(start.dropLast(6)) + "Z" }
        return [("id", id), ("title", title), ("startTime", start), ("vaultName", vaultName), ("path", path)].map {
            ($0.0, JSONText.string($0.1))
        }
    }

    package var bytes: [UInt8] {
        let text = "{" + members.map { "\(JSONText.string($0.0)): \($0.1)" }.joined(separator: ", ")
        return Array((text + "}\n").utf8)
    }

    /// True when `bytes` is exactly what this file would be written as: anything else (a torn
    /// or hand-edited file) is rewritten.
    package static func isCurrent(_ bytes: [UInt8]?, expected: CurrentTaskFile?) -> Bool {
        switch (bytes, expected) {
        case (nil, nil): true
        case (let bytes?, let expected?): bytes == expected.bytes
        default: false
        }
    }
}
