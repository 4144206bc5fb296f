/// One line of a frontmatter's YAML, as byte offsets into the note.
struct FrontmatterLine: Equatable {
    /// The first byte of the line.
    var start: Int
    /// The end of its text: where its `\n` or `\r\n` starts (the end of the YAML for a last
    /// line without one).
    var contentEnd: Int
    /// The first byte after its line break.
    var end: Int

    /// The lines of `range` in `note`.
    static func lines(of note: [UInt8], in range: Range<Int>) -> [FrontmatterLine] {
        var lines: [FrontmatterLine] = []
        var start = range.lowerBound
        while start < range.upperBound {
            var index = start
            while index < range.upperBound, note[index] != 0x0A { index += 1 }
            let end = index < range.upperBound ? index + 1 : index
            var contentEnd = index
            if index < range.upperBound, contentEnd > start, note[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            lines.append(FrontmatterLine(start: start, contentEnd: contentEnd, end: end))
            start = end
        }
        return lines
    }
}

/// Bytes of YAML's syntax.
enum YAMLByte {
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let hash: UInt8 = 0x23
    static let colon: UInt8 = 0x3A
    static let dash: UInt8 = 0x2D
    static let doubleQuote: UInt8 = 0x22
    static let singleQuote: UInt8 = 0x27
    static let backslash: UInt8 = 0x5C

    static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }
}
