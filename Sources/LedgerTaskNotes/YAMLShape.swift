/// What the YAML reader would be asked to build from a frontmatter, found in one pass over its
/// bytes before it is given to Yams: how many aliases (`*name`) name an anchor (`&name`) of the
/// text.
///
/// Yams composes an alias as the node its anchor names, so ten levels each repeating the last
/// ten times are 10^10 nodes for whatever walks or hashes them (Yams hashes every map's keys;
/// `FrontmatterText.listed` walks a value): a 400-byte note would never be read. Obsidian's
/// properties have no aliases, so a frontmatter with more than a few is refused before Yams
/// sees it. (Deep nesting is refused by libyaml itself, past 1,000 levels.)
///
/// The pass knows as much YAML as it needs to tell an indicator from text: quoted scalars (`'…'`
/// with `''`, `"…"` with `\` escapes), comments (`#` after a blank or at a line's start), block
/// scalars (`|`, `>`: the lines indented deeper than the one they start on), and where a node
/// starts (a line's start, after a blank, after `[`, `{` or `,`). It errs towards counting: an
/// `&x` and a `*x` in the text of a plain scalar count as an anchor and its alias.
struct YAMLShape {
    /// Aliases whose name is an anchor's of the text.
    var aliases = 0
    /// The line (from 1) of the first such alias.
    var firstAliasLine: Int?

    /// Aliases alog expands: with 8, a value is at most 2^4 times the text's size.
    static let maxAliases = 8

    init(_ yaml: some Collection<UInt8>) {
        let bytes = Array(yaml)
        var anchors = Set<ArraySlice<UInt8>>()
        var uses: [(name: ArraySlice<UInt8>, line: Int)] = []
        var line = 1
        var index = 0
        /// The indentation of the line a block scalar started on, while its lines are skipped.
        var blockScalarParent: Int?
        let count = bytes.count
        func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }
        func isBreak(_ byte: UInt8) -> Bool { byte == 10 || byte == 13 }
        func isFlowIndicator(_ byte: UInt8) -> Bool {
            byte == 44 || byte == 91 || byte == 93 || byte == 123 || byte == 125
        }
        /// The name after an `&` or `*` at `start` (up to a blank, a line break or a flow indicator).
        func name(at start: Int) -> ArraySlice<UInt8> {
            var end = start
            while end < count, !isBlank(bytes[end]), !isBreak(bytes[end]), !isFlowIndicator(bytes[end]) { end += 1 }
            return bytes[start..<end]
        }
        while index < count {
            // At a line's start: its indentation; a block scalar's lines are passed over.
            let lineStart = index
            while index < count, bytes[index] == 32 { index += 1 }
            let indentation = index - lineStart
            if let parent = blockScalarParent {
                let empty = index >= count || isBreak(bytes[index])
                if empty || indentation > parent {
                    while index < count, bytes[index] != 10 { index += 1 }
                    index += 1
                    line += 1
                    continue
                }
                blockScalarParent = nil
            }
            var atNodeStart = true
            while index < count, bytes[index] != 10 {
                let byte = bytes[index]
                if isBlank(byte) || byte == 13 {
                    atNodeStart = true
                    index += 1
                    continue
                }
                if byte == 35, atNodeStart {  // `#`: a comment, to the line's end
                    while index < count, bytes[index] != 10 { index += 1 }
                    break
                }
                if atNodeStart, byte == 34 || byte == 39 {  // a quoted scalar, maybe over lines
                    index += 1
                    while index < count {
                        let inner = bytes[index]
                        if inner == 10 { line += 1 }
                        if byte == 34, inner == 92 {  // `\` escapes the next byte
                            if index + 1 < count, bytes[index + 1] == 10 { line += 1 }
                            index += 2
                            continue
                        }
                        if inner == byte {
                            if byte == 39, index + 1 < count, bytes[index + 1] == 39 {  // `''`
                                index += 2
                                continue
                            }
                            break
                        }
                        index += 1
                    }
                    index += 1
                    atNodeStart = false
                    continue
                }
                if atNodeStart, byte == 38 || byte == 42 {  // `&anchor`, `*alias`
                    let found = name(at: index + 1)
                    if !found.isEmpty {
                        if byte == 38 { anchors.insert(found) } else { uses.append((found, line)) }
                    }
                    index = found.endIndex
                    atNodeStart = false
                    continue
                }
                if atNodeStart, byte == 124 || byte == 62 {  // `|`, `>`: a block scalar if the line ends here
                    var end = index + 1
                    while end < count, !isBlank(bytes[end]), !isBreak(bytes[end]) { end += 1 }
                    while end < count, isBlank(bytes[end]) { end += 1 }
                    if end >= count || isBreak(bytes[end]) || bytes[end] == 35 { blockScalarParent = indentation }
                }
                atNodeStart = isFlowIndicator(byte)
                index += 1
            }
            index += 1
            line += 1
        }
        for use in uses where anchors.contains(use.name) {
            aliases += 1
            if firstAliasLine == nil { firstAliasLine = use.line }
        }
    }

    /// Why Yams is not given this frontmatter, and the line (from 1 in the YAML); nil when it
    /// may be.
    var refusal: (line: Int?, message: String)? {
        guard aliases > Self.maxAliases else { return nil }
        return (
            firstAliasLine,
            "the frontmatter uses \(aliases) YAML aliases (*name) where alog reads at most \(Self.maxAliases) (Obsidian's properties have none); write the values out"
        )
    }
}
