/// A tree object's bytes, edited in place: git's tree format is a run of entries
/// `<mode> <name>\0<20-byte id>`, ordered by name as if every folder's name ended in `/`.
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
        var position = 0
        while position < bytes.count {
            guard let (entry, next) = entry(at: position) else { return nil }
            out.append(entry)
            position = next
        }
        return out
    }

    /// The tree with the entry `name` set to `id` and `mode` (replaced where it is, or
    /// inserted where git's order puts it); nil when the bytes are not a well-formed, ordered
    /// tree, or an entry of that name has another kind (a file where a folder is).
    package func setting(_ name: [UInt8], mode: [UInt8], id: [UInt8]) -> RawTree? {
        guard id.count == 20, !name.isEmpty, !name.contains(0), !name.contains(UInt8(ascii: "/")) else { return nil }
        let folder = mode == Array("40000".utf8)
        var position = 0
        var previous: Entry?
        var insertAt: Int?
        while position < bytes.count {
            guard let (entry, next) = entry(at: position) else { return nil }
            if let previous, Self.order(previous.name, previous.isFolder, entry.name, entry.isFolder) >= 0 {
                return nil
            }
            if entry.name == name {
                // One name, one entry: a file never joins a folder of its name, nor the reverse.
                guard entry.isFolder == folder else { return nil }
                var out = self
                out.bytes.replaceSubrange(position..<next, with: Self.encode(mode, name, id))
                return out
            }
            if insertAt == nil, Self.order(name, folder, entry.name, entry.isFolder) < 0 { insertAt = position }
            previous = entry
            position = next
        }
        var out = self
        out.bytes.insert(contentsOf: Self.encode(mode, name, id), at: insertAt ?? bytes.count)
        return out
    }

    private static func encode(_ mode: [UInt8], _ name: [UInt8], _ id: [UInt8]) -> [UInt8] {
        mode + [UInt8(ascii: " ")] + name + [0] + id
    }

    private func entry(at position: Int) -> (Entry, next: Int)? {
        guard let space = bytes[position...].firstIndex(of: UInt8(ascii: " ")), space > position,
            let nul = bytes[(space + 1)...].firstIndex(of: 0), nul > space + 1, nul + 21 <= bytes.count
        else { return nil }
        let entry = Entry(
            mode: Array(bytes[position..<space]), name: Array(bytes[(space + 1)..<nul]),
            id: Array(bytes[(nul + 1)..<(nul + 21)]))
        return (entry, nul + 21)
    }

    /// git's order of tree entries (`base_name_compare`): bytes compared, a folder's name
    /// read as if it ended in `/`. Negative, zero or positive.
    package static func order(_ a: [UInt8], _ aFolder: Bool, _ b: [UInt8], _ bFolder: Bool) -> Int {
        let common = min(a.count, b.count)
        for index in 0..<common where a[index] != b[index] {
            return Int(a[index]) - Int(b[index])
        }
        let nextA: Int = a.count > common ? Int(a[common]) : (aFolder ? 0x2F : 0)
        let nextB: Int = b.count > common ? Int(b[common]) : (bFolder ? 0x2F : 0)
        return nextA - nextB
    }
}
