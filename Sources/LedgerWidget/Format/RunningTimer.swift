package import LedgerCore

/// The running timer as the widget shows it, kept in `<git dir>/alog/widget/running-timer`
/// beside `LastKnownActivities.json` and refreshed with it from every summary of HEAD, so a
/// status bar shows the timer without git or a fold. The elapsed time is never stored: it is
/// computed at display time from `since`.
///
/// The file is text, its first line the format's version:
///
///     alog-running-timer-1
///     <entry id>\t<type>\t<since: unix seconds>\t<goal seconds, or 0 for none>[\t<task title>]
///
/// The task title (`alog task start`; one line, no tab) follows only for a timer bound to a
/// task note. The second line is absent while no timer runs. A file that is missing (a vault refreshed
/// before the file existed) or of another version reads as "not known": the view shows no timer,
/// and the next command that opens the vault writes it.
package struct RunningTimer: Sendable, Equatable {
    package static let header = "alog-running-timer-1"

    package var entry: String
    package var type: String
    /// Unix seconds of the timer's start.
    package var since: Int64
    /// The timer's own goal, in seconds.
    package var goalSeconds: Int64?
    /// The title of the task note it works on.
    package var taskTitle: String?

    package init(entry: String, type: String, since: Int64, goalSeconds: Int64? = nil, taskTitle: String? = nil) {
        self.entry = entry
        self.type = type
        self.since = since
        self.goalSeconds = goalSeconds
        self.taskTitle = taskTitle
    }

    /// The timer running at HEAD, from its summary (the same rule as `alog status`).
    package init?(summary: StatusSummary) {
        guard let interval = summary.timeline.running else { return nil }
        self.init(
            entry: interval.entry.id.description, type: interval.entry.type, since: interval.start.seconds,
            goalSeconds: interval.entry.goalSeconds, taskTitle: interval.entry.task?.title)
    }

    /// Seconds elapsed at `now`, never negative.
    package func seconds(at now: Int64) -> Int64 { max(0, now - since) }

    /// The file's bytes for `timer` (nil: nothing runs).
    package static func encode(_ timer: RunningTimer?) -> [UInt8] {
        var text = header + "\n"
        if let timer {
            text += "\(timer.entry)\t\(timer.type)\t\(timer.since)\t\(timer.goalSeconds ?? 0)"
            text += (timer.taskTitle.map { "\t" + $0 } ?? "") + "\n"
        }
        return Array(text.utf8)
    }

    /// `.some(nil)`: the file says nothing runs; nil: not a file of this version.
    package static func decode(_ bytes: [UInt8]) -> RunningTimer?? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header) else { return nil }
        let body = lines.dropFirst().filter { !$0.isEmpty }
        guard let line = body.first else { return .some(nil) }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard body.count == 1, fields.count == 4 || (fields.count == 5 && !fields[4].isEmpty), !fields[0].isEmpty,
            ActivityTypes.validateName(String(fields[1])) == nil,
            let since = Int64(fields[2]), let goal = Int64(fields[3]), goal >= 0
        else { return nil }
        return .some(
            RunningTimer(
                entry: String(fields[0]), type: String(fields[1]), since: since, goalSeconds: goal > 0 ? goal : nil,
                taskTitle: fields.count == 5 ? String(fields[4]) : nil))
    }
}
