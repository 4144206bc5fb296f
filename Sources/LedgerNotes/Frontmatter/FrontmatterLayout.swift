/// The top level of a frontmatter read without a YAML library: each `key: value` entry, the
/// line its key is on, and the bytes its value takes. Only as much YAML as that needs: keys
/// (plain or quoted, with an anchor or tag), and the extent of a value in every form (plain,
/// quoted, a flow collection, an alias, a block scalar, a nested block), over as many lines as
/// it spans. A line that fits none of it is refused rather than guessed at.
struct FrontmatterLayout {
    /// One top-level key and its value.
    struct Entry: Equatable {
        /// The key as YAML reads it (a quoted key unquoted).
        var key: String
        /// The note's line number of the key.
        var line: Int
        /// The bytes a new value replaces: the old value on the key's line (through its last
        /// line when it spans several), or an empty range where the value goes when the key's
        /// line has none. A trailing comment is never in it.
        var replaced: Range<Int>
        /// The whole lines after the key's line that the old value took (a nested map or list,
        /// a block scalar's text), removed with it.
        var removedLines: Range<Int>?
        /// The old value's anchor (`&name`): kept, since aliases elsewhere may name it.
        var anchor: Range<Int>?
        /// The old value's style, which the new one keeps where it can.
        var style: YAMLScalar.Style
    }

    var entries: [Entry]

    /// The top level of `block`'s YAML in `note`.
    init(note: [UInt8], block: FrontmatterBlock) throws(FrontmatterEditError) {
        let reader = Reader(note: note, lines: FrontmatterLine.lines(of: note, in: block.yaml))
        entries = try reader.entries()
    }

    private struct Reader {
        let note: [UInt8]
        let lines: [FrontmatterLine]

        func entries() throws(FrontmatterEditError) -> [Entry] {
            var entries: [Entry] = []
            var index = 0
            while index < lines.count {
                let line = lines[index]
                guard let first = firstNonBlank(line) else {
                    index += 1
                    continue
                }
                if note[first] == YAMLByte.hash {
                    index += 1
                    continue
                }
                guard first == line.start else { throw unreadable(index, "an indented line where a key belongs") }
                let (entry, next) = try entry(at: index)
                entries.append(entry)
                index = next
            }
            return entries
        }

        /// The entry whose key starts line `index`, and the index of the line after its value.
        private func entry(at index: Int) throws(FrontmatterEditError) -> (Entry, Int) {
            let line = lines[index]
            if isListItem(line) { throw unreadable(index, "a list item where a key belongs") }
            var position = skipProperties(from: line.start, in: line).position
            guard position < line.contentEnd else { throw unreadable(index, "not a key") }
            let key: String
            let colon: Int
            if note[position] == YAMLByte.doubleQuote || note[position] == YAMLByte.singleQuote {
                guard let close = quotedEnd(from: position, limit: line.contentEnd) else {
                    throw unreadable(index, "a quoted key not closed on its line")
                }
                key = YAMLQuotedText.decode(note[position..<close])
                position = skipBlanks(from: close, to: line.contentEnd)
                guard isMappingColon(at: position, in: line) else { throw unreadable(index, "no `:` after the key") }
                colon = position
            } else {
                guard !Self.nonKeyStarts.contains(note[position]) else {
                    throw unreadable(index, "not a key")
                }
                var end = position
                while end < line.contentEnd, !isMappingColon(at: end, in: line) {
                    if note[end] == YAMLByte.hash, end > position, YAMLByte.isBlank(note[end - 1]) {
                        throw unreadable(index, "no `:` after the key")
                    }
                    end += 1
                }
                guard end < line.contentEnd else { throw unreadable(index, "no `:` after the key") }
                key = String(decoding: note[position..<trimBlanks(from: position, to: end)], as: UTF8.self)
                colon = end
            }
            var entry = Entry(
                key: key, line: lineNumber(index), replaced: 0..<0, removedLines: nil, anchor: nil, style: .plain)
            let next = try readValue(after: colon, onLine: index, into: &entry)
            return (entry, next)
        }

        /// Fills in where `entry`'s value is, from the `:` at `colon` on line `index`; returns
        /// the index of the line after the value.
        private func readValue(
            after colon: Int, onLine index: Int, into entry: inout Entry
        ) throws(FrontmatterEditError) -> Int {
            let line = lines[index]
            let propertiesStart = skipBlanks(from: colon + 1, to: line.contentEnd)
            let (start, anchor, propertiesEnd) = skipProperties(from: propertiesStart, in: line)
            entry.anchor = anchor
            // A new value replaces the old one with its properties (an anchor is written back).
            let replacedStart = propertiesStart
            let yamlEnd = lines.last!.end
            if start == line.contentEnd || note[start] == YAMLByte.hash {
                // Nothing on the key's line: the value, if any, is on the lines below. The new
                // value goes after the blanks (`key:   "v"`), or before them when a comment
                // follows, so the comment keeps its place (`key: "v"   # c`).
                if start == line.contentEnd {
                    entry.replaced = replacedStart..<start
                } else if start == propertiesStart {
                    entry.replaced = (colon + 1)..<(colon + 1)
                } else {
                    entry.replaced = propertiesStart..<propertiesEnd
                }
                entry.style = .doubleQuoted
                guard let last = lastLine(after: index, where: isNestedLine) else { return index + 1 }
                entry.removedLines = lines[index + 1].start..<lines[last].end
                return last + 1
            }
            switch note[start] {
            case YAMLByte.doubleQuote, YAMLByte.singleQuote:
                guard let close = quotedEnd(from: start, limit: yamlEnd) else {
                    throw unreadable(index, "a quoted value that is never closed")
                }
                entry.replaced = replacedStart..<close
                entry.style = note[start] == YAMLByte.doubleQuote ? .doubleQuoted : .singleQuoted
                return lineIndex(of: close - 1) + 1
            case 0x5B, 0x7B:  // `[`, `{`
                guard let close = flowEnd(from: start, limit: yamlEnd) else {
                    throw unreadable(index, "a `[` or `{` value that is never closed")
                }
                entry.replaced = replacedStart..<close
                entry.style = .doubleQuoted
                return lineIndex(of: close - 1) + 1
            case 0x7C, 0x3E:  // `|`, `>`: a block scalar, its text on the indented lines below
                entry.replaced = replacedStart..<tokenEnd(from: start, to: line.contentEnd)
                entry.style = .doubleQuoted
                guard let last = lastLine(after: index, where: isBlockScalarLine) else { return index + 1 }
                entry.removedLines = lines[index + 1].start..<lines[last].end
                return last + 1
            case 0x2A:  // `*`: an alias
                entry.replaced = replacedStart..<tokenEnd(from: start, to: line.contentEnd)
                entry.style = .plain
                return index + 1
            default:
                // A plain scalar, perhaps continued on more indented lines.
                entry.style = .plain
                guard let last = lastLine(after: index, where: isPlainContinuation) else {
                    entry.replaced = replacedStart..<plainEnd(from: start, to: line.contentEnd)
                    return index + 1
                }
                let lastStart = firstNonBlank(lines[last])!
                entry.replaced = replacedStart..<plainEnd(from: lastStart, to: lines[last].contentEnd)
                return last + 1
            }
        }

        // MARK: The lines a value takes after its key's line

        /// What a line after a key's line is to the value that line started.
        private enum Continuation {
            /// Part of the value.
            case content
            /// Part of it only if a later line is (a blank line, a comment).
            case maybe
            /// Not part of it: the value ended on the line before.
            case end
        }

        /// The last line after `index` that `kind` calls content, before the first it calls an
        /// end; nil when there is none.
        private func lastLine(after index: Int, where kind: (FrontmatterLine) -> Continuation) -> Int? {
            var last: Int?
            var next = index + 1
            while next < lines.count {
                switch kind(lines[next]) {
                case .content: last = next
                case .maybe: break
                case .end: return last
                }
                next += 1
            }
            return last
        }

        /// A nested map or list under a key with nothing on its line: indented lines, and
        /// list items at the key's own indentation (`key:` then `- item`).
        private func isNestedLine(_ line: FrontmatterLine) -> Continuation {
            guard let first = firstNonBlank(line) else { return .maybe }
            if first > line.start { return note[first] == YAMLByte.hash ? .maybe : .content }
            if note[first] == YAMLByte.hash { return .maybe }
            return isListItem(line) ? .content : .end
        }

        /// A block scalar's text: every indented line, comment-like or not.
        private func isBlockScalarLine(_ line: FrontmatterLine) -> Continuation {
            guard let first = firstNonBlank(line) else { return .maybe }
            return first > line.start ? .content : .end
        }

        /// A plain scalar continued on the next lines: indented lines until a comment.
        private func isPlainContinuation(_ line: FrontmatterLine) -> Continuation {
            guard let first = firstNonBlank(line) else { return .maybe }
            return first > line.start && note[first] != YAMLByte.hash ? .content : .end
        }

        // MARK: Scanning

        /// Bytes that cannot start a plain key (YAML's indicators; `-` and list items are
        /// checked apart).
        private static let nonKeyStarts: Set<UInt8> = Set("?[]{},|>%@`*".utf8)

        private func isListItem(_ line: FrontmatterLine) -> Bool {
            note[line.start] == YAMLByte.dash
                && (line.start + 1 == line.contentEnd || YAMLByte.isBlank(note[line.start + 1]))
        }

        /// A `:` that separates a key from its value: followed by a blank or the line's end.
        private func isMappingColon(at index: Int, in line: FrontmatterLine) -> Bool {
            index < line.contentEnd && note[index] == YAMLByte.colon
                && (index + 1 == line.contentEnd || YAMLByte.isBlank(note[index + 1]))
        }

        /// Past a node's anchor (`&a`) and tag (`!t`) and the blanks after them: where its
        /// content starts, the anchor's bytes, and the end of the last of them.
        private func skipProperties(
            from start: Int, in line: FrontmatterLine
        ) -> (position: Int, anchor: Range<Int>?, end: Int) {
            var position = start
            var end = start
            var anchor: Range<Int>?
            while position < line.contentEnd, note[position] == 0x26 || note[position] == 0x21 {
                end = tokenEnd(from: position, to: line.contentEnd)
                if note[position] == 0x26 { anchor = position..<end }
                position = skipBlanks(from: end, to: line.contentEnd)
            }
            return (position, anchor, end)
        }

        /// The index after a quoted scalar that opens at `start`, or nil when it is not closed
        /// before `limit`. It may span lines.
        private func quotedEnd(from start: Int, limit: Int) -> Int? {
            let quote = note[start]
            var index = start + 1
            while index < limit {
                if quote == YAMLByte.doubleQuote {
                    if note[index] == YAMLByte.backslash {
                        index += 2
                        continue
                    }
                    if note[index] == YAMLByte.doubleQuote { return index + 1 }
                } else if note[index] == YAMLByte.singleQuote {
                    if index + 1 < limit, note[index + 1] == YAMLByte.singleQuote {
                        index += 2
                        continue
                    }
                    return index + 1
                }
                index += 1
            }
            return nil
        }

        /// The index after the flow collection that opens at `start` (nested collections,
        /// quoted scalars and comments inside skipped), or nil when it is not closed before
        /// `limit`.
        private func flowEnd(from start: Int, limit: Int) -> Int? {
            var depth = 0
            var index = start
            var scalarStart = true
            while index < limit {
                let byte = note[index]
                switch byte {
                case 0x5B, 0x7B:
                    depth += 1
                    scalarStart = true
                case 0x5D, 0x7D:
                    depth -= 1
                    if depth == 0 { return index + 1 }
                    scalarStart = false
                case 0x2C, YAMLByte.colon:
                    scalarStart = true
                case YAMLByte.doubleQuote where scalarStart, YAMLByte.singleQuote where scalarStart:
                    guard let end = quotedEnd(from: index, limit: limit) else { return nil }
                    index = end
                    scalarStart = false
                    continue
                case YAMLByte.hash where isBlankOrBreak(note[index - 1]):
                    while index < limit, note[index] != 0x0A { index += 1 }
                    continue
                case YAMLByte.space, YAMLByte.tab, 0x0A, 0x0D:
                    break
                default:
                    scalarStart = false
                }
                index += 1
            }
            return nil
        }

        /// The end of a plain scalar that starts at `start`: before a comment (` #`) and the
        /// blanks before it or before `end`.
        private func plainEnd(from start: Int, to end: Int) -> Int {
            var index = start
            while index < end {
                if note[index] == YAMLByte.hash, index > start, YAMLByte.isBlank(note[index - 1]) { break }
                index += 1
            }
            return trimBlanks(from: start, to: index)
        }

        private func tokenEnd(from start: Int, to end: Int) -> Int {
            var index = start
            while index < end, !YAMLByte.isBlank(note[index]) { index += 1 }
            return index
        }

        private func skipBlanks(from start: Int, to end: Int) -> Int {
            var index = start
            while index < end, YAMLByte.isBlank(note[index]) { index += 1 }
            return index
        }

        private func trimBlanks(from start: Int, to end: Int) -> Int {
            var index = end
            while index > start, YAMLByte.isBlank(note[index - 1]) { index -= 1 }
            return index
        }

        private func firstNonBlank(_ line: FrontmatterLine) -> Int? {
            let index = skipBlanks(from: line.start, to: line.contentEnd)
            return index < line.contentEnd ? index : nil
        }

        private func isBlankOrBreak(_ byte: UInt8) -> Bool {
            YAMLByte.isBlank(byte) || byte == 0x0A || byte == 0x0D
        }

        /// The index of the line that holds byte `offset`.
        private func lineIndex(of offset: Int) -> Int {
            var low = 0
            var high = lines.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lines[middle].start <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }

        private func lineNumber(_ index: Int) -> Int { index + FrontmatterBlock.firstYAMLLine }

        private func unreadable(_ index: Int, _ reason: String) -> FrontmatterEditError {
            .unreadableLine(lineNumber(index), reason: reason)
        }
    }
}
