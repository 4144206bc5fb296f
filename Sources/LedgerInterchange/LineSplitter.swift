/// The lines of a text's bytes, made one at a time as a reader asks for them: each ends at a
/// `\n` (a `\r` just before it is not part of the line), and the text after the last `\n` is
/// the last line (empty when the text ends with one). A reader that stops at the first lines
/// it cannot read never walks, or holds the slices of, the rest of a large file.
struct LineSplitter<Bytes: BidirectionalCollection>: Sequence, IteratorProtocol where Bytes.Element == UInt8 {
    private let bytes: Bytes
    private var start: Bytes.Index?

    init(_ bytes: Bytes) {
        self.bytes = bytes
        start = bytes.startIndex
    }

    mutating func next() -> Bytes.SubSequence? {
        guard let lineStart = start else { return nil }
        var end = bytes.endIndex
        if let newline = bytes[lineStart...].firstIndex(of: 10) {
            end = newline
            start = bytes.index(after: newline)
        } else {
            start = nil
        }
        let line = bytes[lineStart..<end]
        return line.last == 13 ? line.dropLast() : line
    }
}
