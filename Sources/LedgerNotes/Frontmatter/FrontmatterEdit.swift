/// A note's frontmatter changed in place: one top-level key set to a string, every other byte
/// of the note kept.
public enum FrontmatterEdit {
    /// `note` with the top-level key `key` set to the string `value`.
    ///
    /// Only the old value's bytes change: the key as it was spelled (quoted or not), the
    /// spacing after its `:`, a trailing `# comment`, the line ending and every other line stay.
    /// The new value is written in the old value's style where it can hold it: double-quoted
    /// stays double-quoted, single-quoted stays single-quoted, plain stays plain when `value`
    /// reads back unquoted as that string (`[[x]]` does not: unquoted, it is a list); anything
    /// else (a list, a map, a block scalar, a value that does not fit the style) becomes
    /// double-quoted. An old value over several lines is replaced whole; an anchor on it
    /// (`&name`) is kept, a tag dropped.
    ///
    /// A key not in the frontmatter is added as the block's last line, `key: "value"`, with the
    /// block's line ending; a note without frontmatter gets a block holding that one line at
    /// its top (after a byte order mark).
    ///
    /// Throws when the key is set more than once at the top level, when the first line opens
    /// a frontmatter that never closes, and when a line of the frontmatter cannot be read as
    /// part of a top-level map (see `FrontmatterEditError`); the note is then not changed.
    public static func setting(_ key: String, to value: String, in note: [UInt8]) throws(FrontmatterEditError)
        -> [UInt8]
    {
        guard let block = FrontmatterBlock(in: note) else {
            if FrontmatterBlock.opensWithFence(note) { throw .unclosedFrontmatter }
            return addingBlock(line: addedLine(key, value), to: note)
        }
        let layout = try FrontmatterLayout(note: note, block: block)
        let matches = layout.entries.filter { $0.key == key }
        if matches.count > 1 { throw .duplicateKey(key, lines: matches.map(\.line)) }
        guard let entry = matches.first else {
            let lineBreak: [UInt8] = block.crlf ? [0x0D, 0x0A] : [0x0A]
            let at = block.yaml.upperBound
            return Array(note[..<at]) + Array(addedLine(key, value).utf8) + lineBreak + Array(note[at...])
        }
        return replacing(entry, with: value, in: note)
    }

    /// The note with `entry`'s value replaced by `value`.
    private static func replacing(_ entry: FrontmatterLayout.Entry, with value: String, in note: [UInt8]) -> [UInt8] {
        var text = Array(YAMLScalar.written(value, style: entry.style).utf8)
        if let anchor = entry.anchor { text = Array(note[anchor]) + [YAMLByte.space] + text }
        let range = entry.replaced
        if range.lowerBound > 0, !YAMLByte.isBlank(note[range.lowerBound - 1]) { text.insert(YAMLByte.space, at: 0) }
        if range.upperBound < note.count, note[range.upperBound] == YAMLByte.hash { text.append(YAMLByte.space) }
        var result = Array(note[..<range.lowerBound]) + text
        if let removed = entry.removedLines {
            result += note[range.upperBound..<removed.lowerBound]
            result += note[removed.upperBound...]
        } else {
            result += note[range.upperBound...]
        }
        return result
    }

    /// `key: "value"`, the line a missing key gets.
    private static func addedLine(_ key: String, _ value: String) -> String {
        YAMLScalar.key(key) + ": " + YAMLScalar.doubleQuoted(value)
    }

    /// `note` with a frontmatter block holding `line` at its top, in the line ending of the
    /// note's first line (LF when it has none).
    private static func addingBlock(line: String, to note: [UInt8]) -> [UInt8] {
        let start = FrontmatterBlock.hasByteOrderMark(note) ? 3 : 0
        let firstBreak = FrontmatterBlock.index(of: 0x0A, in: note, from: start)
        let crlf = firstBreak.map { $0 > start && note[$0 - 1] == 0x0D } ?? false
        let lineBreak = crlf ? "\r\n" : "\n"
        let block = "---" + lineBreak + line + lineBreak + "---" + lineBreak
        return Array(note[..<start]) + Array(block.utf8) + Array(note[start...])
    }
}
