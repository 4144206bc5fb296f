/// A tree object's bytes, edited in place: git's tree format is a run of entries
/// `<mode> <name>\0<20-byte id>`, ordered by name as if every folder's name ended in `/`.
///
/// The one tree editor of both writers: the front's `log` (`FrontLog`) and `alog-full`'s
/// commits (`Repository.splicedTree`, which falls back to libgit2's tree builder when this
/// answers nil). An edit replaces an entry's id where the name is, or inserts the entry where
/// git's order puts it; every other byte is kept. It answers nil, so the caller does it
/// another way, when the tree is not one git and libgit2 would write the same way: entries out
/// of order or twice, a mode libgit2 does not write (`040000`, `100664`), a file where a folder
/// of that name is or the reverse.
package struct RawTree: Sendable, Equatable {
    package var bytes: [UInt8]

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// An entry as found in the bytes.
    package struct Entry: Sendable, Equatable {
        package var mode: [UInt8]
        package var name: [UInt8]
        package var id: [UInt8]
        package var isFolder: Bool { mode == Array("40000".utf8) }
    }

    /// Every entry in order; nil when the bytes are not a well-formed tree.
    package var entries: [Entry]? {
        var out: [Entry] = []
        let ok = bytes.withUnsafeBufferPointer { data in
            var position = 0
            while position < data.count {
                guard let entry = Self.entry(data, at: position) else { return false }
                out.append(
                    Entry(
                        mode: Array(data[position..<entry.space]), name: Array(data[(entry.space + 1)..<entry.nul]),
                        id: Array(data[(entry.nul + 1)..<(entry.nul + 21)])))
                position = entry.nul + 21
            }
            return true
        }
        return ok ? out : nil
    }

    /// The tree with the entry `name` set to `id` and `mode` (replaced where it is, or
    /// inserted where git's order puts it); nil when the bytes are not a well-formed, ordered
    /// tree of the modes libgit2 writes, or an entry of that name has another kind (a file
    /// where a folder is).
    package func setting(_ name: [UInt8], mode: [UInt8], id: [UInt8]) -> RawTree? {
        guard id.count == 20, !name.isEmpty, !name.contains(0), !name.contains(UInt8(ascii: "/")),
            let folder = Self.isFolder(mode[...])
        else { return nil }
        let found: (start: Int, end: Int, replaces: Bool)? = bytes.withUnsafeBufferPointer { data in
            name.withUnsafeBufferPointer { name in
                var position = 0
                var previous: (name: Range<Int>, folder: Bool)?
                var insertAt: Int?
                while position < data.count {
                    guard let entry = Self.entry(data, at: position), let isFolder = entry.isFolder else { return nil }
                    let entryName = (entry.space + 1)..<entry.nul
                    if let previous,
                        Self.order(data, previous.name, previous.folder, data, entryName, isFolder) >= 0
                    {
                        return nil
                    }
                    let next = entry.nul + 21
                    if entryName.count == name.count && data[entryName].elementsEqual(name) {
                        // One name, one entry: a file never joins a folder of its name, nor the reverse.
                        return isFolder == folder ? (position, next, true) : nil
                    }
                    if insertAt == nil, Self.order(name, 0..<name.count, folder, data, entryName, isFolder) < 0 {
                        insertAt = position
                    }
                    previous = (entryName, isFolder)
                    position = next
                }
                return (insertAt ?? data.count, insertAt ?? data.count, false)
            }
        }
        guard let found else { return nil }
        var out = self
        out.bytes.replaceSubrange(found.start..<found.end, with: mode + [UInt8(ascii: " ")] + name + [0] + id)
        return out
    }

    /// Where an entry's space and NUL are; nil when the bytes at `position` are not one.
    private static func entry(_ data: UnsafeBufferPointer<UInt8>, at position: Int) -> (
        space: Int, nul: Int, isFolder: Bool?
    )? {
        var space = position
        while space < data.count && data[space] != 0x20 { space += 1 }
        guard space > position, space < data.count else { return nil }
        var nul = space + 1
        while nul < data.count && data[nul] != 0 { nul += 1 }
        guard nul > space + 1, nul + 21 <= data.count else { return nil }
        return (space, nul, isFolder(data[position..<space]))
    }

    /// Whether a mode, as a tree holds it, is a folder's; nil for a mode libgit2 would write
    /// otherwise (it writes `40000`, `100644`, `100755`, `120000`, `160000`).
    private static func isFolder(_ mode: some Collection<UInt8>) -> Bool? {
        // The digits as one number, byte by byte (a generic comparison with a string's UTF-8
        // view cost ~0.5 M instructions for the day notes' 1,100 entries).
        guard mode.count == 5 || mode.count == 6 else { return nil }
        var digits: UInt64 = 0
        for byte in mode { digits = digits << 8 | UInt64(byte) }
        switch digits {
        case 0x34_30_30_30_30: return true  // 40000
        case 0x31_30_30_36_34_34, 0x31_30_30_37_35_35, 0x31_32_30_30_30_30, 0x31_36_30_30_30_30:
            return false  // 100644, 100755, 120000, 160000
        default: return nil
        }
    }

    /// git's order of tree entries (`base_name_compare`): bytes compared, a folder's name
    /// read as if it ended in `/`. Negative, zero or positive.
    private static func order(
        _ a: UnsafeBufferPointer<UInt8>, _ aName: Range<Int>, _ aFolder: Bool, _ b: UnsafeBufferPointer<UInt8>,
        _ bName: Range<Int>, _ bFolder: Bool
    ) -> Int {
        let common = min(aName.count, bName.count)
        var index = 0
        while index < common {
            let (x, y) = (a[aName.lowerBound + index], b[bName.lowerBound + index])
            if x != y { return Int(x) - Int(y) }
            index += 1
        }
        let nextA: Int = aName.count > common ? Int(a[aName.lowerBound + common]) : (aFolder ? 0x2F : 0)
        let nextB: Int = bName.count > common ? Int(b[bName.lowerBound + common]) : (bFolder ? 0x2F : 0)
        return nextA - nextB
    }
}
