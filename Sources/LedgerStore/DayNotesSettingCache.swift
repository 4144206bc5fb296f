/// The bytes of `<git dir>/alog/day-notes/setting`: the day notes' setting committed at one
/// commit, kept beside that commit's hex so a command that needs no git (a report from the
/// caches, the front's `log`) learns without libgit2 whether day notes are on. The commit's
/// hex on the first line, then the setting's bytes (none: day notes are off), then a last
/// line `.`, which tells a whole file from a torn one (it is rewritten in place).
package enum DayNotesSettingCache {
    package static func encode(commit hex: String, setting: [UInt8]) -> [UInt8] {
        Array((hex + "\n").utf8) + setting + Array(".\n".utf8)
    }

    /// The setting's bytes kept for commit `hex` (empty: day notes are off there); nil when the
    /// file is torn or names another commit.
    package static func setting(in bytes: [UInt8], commit hex: String) -> [UInt8]? {
        guard bytes.count >= 2, bytes.suffix(2) == [46, 10], let newline = bytes.firstIndex(of: 10),
            bytes[..<newline].elementsEqual(hex.utf8), newline + 1 <= bytes.count - 2
        else { return nil }
        return Array(bytes[(newline + 1)..<(bytes.count - 2)])
    }
}
