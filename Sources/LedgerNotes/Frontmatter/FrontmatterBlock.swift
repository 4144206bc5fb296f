/// Where a note's frontmatter is, as Obsidian finds it: an opening `---` line at the very start
/// of the note (after a UTF-8 byte order mark, if there is one) and the next `---` line after
/// it. Either fence may end in spaces or tabs; lines end in LF or CRLF. A note that opens a
/// fence and never closes it has no frontmatter, and neither does one whose first line is
/// anything else (`...` closes nothing: Obsidian only knows `---`).
public struct FrontmatterBlock: Hashable, Sendable {
    /// The YAML text, from the byte after the opening fence's line break to the start of the
    /// closing fence's line. Empty for `---` directly followed by `---`.
    public var yaml: Range<Int>
    /// The whole block, fences included: from the opening fence (after the byte order mark)
    /// up to and including the closing fence's line break, when there is one (a note that is
    /// only frontmatter may end right after the closing `---`).
    public var whole: Range<Int>
    /// True when the opening fence's line ends in CRLF: the line ending of the block, for a
    /// line added to it.
    public var crlf: Bool

    /// The note's line number (from 1) of the first YAML line: the line after the opening fence.
    public static let firstYAMLLine = 2

    /// The frontmatter of `note`, or nil when it has none.
    public init?(in note: [UInt8]) {
        guard let opening = Self.openingFence(note) else { return nil }
        var lineStart = opening.yamlStart
        while lineStart < note.count {
            if let end = Self.fenceLineEnd(note, at: lineStart) {
                self.init(yaml: opening.yamlStart..<lineStart, whole: opening.start..<end, crlf: opening.crlf)
                return
            }
            guard let newline = Self.index(of: 0x0A, in: note, from: lineStart) else { return nil }
            lineStart = newline + 1
        }
        return nil
    }

    private init(yaml: Range<Int>, whole: Range<Int>, crlf: Bool) {
        (self.yaml, self.whole, self.crlf) = (yaml, whole, crlf)
    }

    /// True when `note` starts with an opening fence line (after a byte order mark), closed
    /// or not: what tells "no frontmatter" from "frontmatter not closed (yet)" when only the
    /// first bytes of a note were read.
    public static func opensWithFence(_ note: [UInt8]) -> Bool {
        openingFence(note) != nil
    }

    /// Where the block starts (after a byte order mark), where its YAML starts, and the opening
    /// fence's line ending.
    static func openingFence(_ note: [UInt8]) -> (start: Int, yamlStart: Int, crlf: Bool)? {
        let start = hasByteOrderMark(note) ? 3 : 0
        guard let end = fenceLineEnd(note, at: start), end > start + 3, note[end - 1] == 0x0A else { return nil }
        return (start, end, end >= 2 && note[end - 2] == 0x0D)
    }

    /// True when `note` starts with the UTF-8 byte order mark.
    static func hasByteOrderMark(_ note: [UInt8]) -> Bool {
        note.count >= 3 && note[0] == 0xEF && note[1] == 0xBB && note[2] == 0xBF
    }

    /// When a fence line (`---`, then spaces or tabs) starts at `start`: the index after its
    /// line break (or the end of the note, for a last line without one).
    static func fenceLineEnd(_ note: [UInt8], at start: Int) -> Int? {
        guard start + 3 <= note.count, note[start] == 0x2D, note[start + 1] == 0x2D, note[start + 2] == 0x2D else {
            return nil
        }
        var index = start + 3
        while index < note.count, note[index] == 0x20 || note[index] == 0x09 { index += 1 }
        if index == note.count { return index }
        if note[index] == 0x0A { return index + 1 }
        if note[index] == 0x0D {
            if index + 1 == note.count { return index + 1 }
            if note[index + 1] == 0x0A { return index + 2 }
        }
        return nil
    }

    static func index(of byte: UInt8, in note: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < note.count {
            if note[index] == byte { return index }
            index += 1
        }
        return nil
    }
}
