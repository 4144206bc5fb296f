public import LedgerCore
import LedgerEnvironment

/// Whether the vault keeps day notes, and how: `.alog/notes`, committed (so every device of the
/// vault writes the same notes), lines `folder: Activities`, `day-start: 04:00` and `notes: on`
/// (or `off`, after `alog notes disable`). No file: day notes are off.
public struct DayNotesSetting: Hashable, Sendable {
    /// Vault-relative, no leading or trailing `/`; empty: the vault's top folder.
    public var folder: String
    /// Seconds after midnight a note's day starts (`alog config day-start` when enabled).
    public var dayStart: Int
    /// False once turned off (the folder is kept for the next `enable`).
    public var on = true

    public static let path = ".alog/notes"
    public static let defaultFolder = "Activities"

    public init(folder: String = DayNotesSetting.defaultFolder, dayStart: Int = 0) {
        (self.folder, self.dayStart) = (folder, dayStart)
    }

    public var bytes: [UInt8] {
        let start = LedgerCoreClock.text(dayStart)
        return Array("folder: \(folder)\nday-start: \(start)\nnotes: \(on ? "on" : "off")\n".utf8)
    }

    /// The setting a file holds; nil when it cannot be read (then day notes stay off, and
    /// `alog notes` says why).
    public init?(bytes: [UInt8]) {
        var folder: String?
        var dayStart = 0
        var on = true
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingBlanks }
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "folder": folder = parts[1]
            case "day-start":
                guard let seconds = UserCalendar.dayStart(parts[1]) else { return nil }
                dayStart = Int(seconds)
            case "notes":
                guard parts[1] == "on" || parts[1] == "off" else { return nil }
                on = parts[1] == "on"
            default: continue
            }
        }
        guard let folder, Self.folderProblem(folder) == nil else { return nil }
        self.init(folder: folder, dayStart: dayStart)
        self.on = on
    }

    /// The date of the day note at vault path `path` (`<folder>/YYYY-MM-DD.md`), nil when it is
    /// none (the inverse of `DayNote.path(for:folder:)`).
    public func date(ofNote path: String) -> CivilDate? {
        let prefix = folder.isEmpty ? "" : folder + "/"
        guard path.hasPrefix(prefix), path.hasSuffix(".md") else { return nil }
        return CivilDate(iso: String(path.dropFirst(prefix.count).dropLast(3)))
    }

    /// Why `folder` cannot hold day notes, or nil.
    public static func folderProblem(_ folder: String) -> String? {
        if folder.hasPrefix("/") || folder.hasSuffix("/") {
            return "give it relative to the vault, without a '/' at either end"
        }
        if folder.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "it holds a control character"
        }
        for part in folder.split(separator: "/", omittingEmptySubsequences: false) where !folder.isEmpty {
            if part.isEmpty || part == "." || part == ".." { return "it has an empty, '.' or '..' part" }
            if part.hasPrefix(".") { return "a hidden folder (Obsidian does not show it)" }
        }
        return nil
    }
}

/// `HH:MM` of seconds after midnight.
enum LedgerCoreClock {
    static func text(_ seconds: Int) -> String {
        let (hours, minutes) = (seconds / 3600, seconds / 60 % 60)
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }
}

extension Substring {
    /// Without spaces and tabs in front, nor spaces, tabs and `\r` at the end. (No reversed
    /// views: their generic types cost ~1.5 M instructions to instantiate on a command's first
    /// read of the setting.)
    var trimmingBlanks: String {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
