import CLibGit2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Repository {
    /// `edits`, each a file of this tree itself set to a blob, applied to the tree `base` on
    /// its bytes: an entry found by name gets its new id, a new one goes where git's order
    /// puts it, every other byte is kept. The tree `TreeBuilder` writes for the same edits,
    /// without parsing every entry into libgit2's structures, sorting and printing them again
    /// (for the day notes' folder of ~1,100 notes, ~3 M instructions on every commit). nil when
    /// this is not that simple case (a name that is not plain, a mode git would write
    /// otherwise, entries out of order, a file where a folder is): then `TreeBuilder` does it.
    package func splicedTree(_ base: ObjectID, _ edits: [TreeEdit]) throws -> ObjectID? {
        // Plain arrays, no tuples or dictionaries: their generic types cost the runtime more to
        // instantiate, once a process, than this whole edit of a small tree.
        var names: [[UInt8]] = []
        for edit in edits {
            guard edit.path.count == 1, edit.id != nil, edit.fileMode == fileModeBlob || edit.fileMode == 0o100755,
                Self.isPlainName(edit.path[0])
            else { return nil }
            let name = Array(edit.path[0].utf8)
            guard !names.contains(name) else { return nil }
            names.append(name)
        }
        guard !names.isEmpty else { return nil }
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "git_repository_odb")
        defer { git_odb_free(odb) }
        // A tree alog wrote itself is read back without libgit2's inflate (`LooseObjects`).
        if let stored = looseObjects?.readStored(base, type: "tree") {
            return try stored.withUnsafeBufferPointer { try spliced($0, names, edits, odb: odb) }
        }
        var oid = base.raw
        var object: OpaquePointer?
        try check(git_odb_read(&object, odb, &oid), "git_odb_read")
        defer { git_odb_object_free(object) }
        guard git_odb_object_type(object) == GIT_OBJECT_TREE, let start = git_odb_object_data(object) else {
            return nil
        }
        let data = UnsafeRawBufferPointer(start: start, count: git_odb_object_size(object)).bindMemory(to: UInt8.self)
        return try spliced(data, names, edits, odb: odb)
    }

    /// `splicedTree` on the base tree's bytes `data`; `names` are the edits' names.
    private func spliced(
        _ data: UnsafeBufferPointer<UInt8>, _ names: [[UInt8]], _ edits: [TreeEdit], odb: OpaquePointer?
    ) throws -> ObjectID? {
        // The entries: where each starts, where its name is, and whether it is a folder.
        var starts: [Int] = []
        var nameStarts: [Int] = []
        var nameEnds: [Int] = []
        var folders: [Bool] = []
        var position = 0
        while position < data.count {
            guard let space = Self.find(0x20, in: data, from: position),
                let nul = Self.find(0, in: data, from: space + 1), nul + 21 <= data.count,
                let isTree = Self.canonicalMode(data, position..<space)
            else { return nil }
            if let last = starts.indices.last {
                let order = Self.compare(
                    data, nameStarts[last]..<nameEnds[last], folders[last], data, (space + 1)..<nul, isTree)
                guard order < 0 else { return nil }
            }
            starts.append(position)
            nameStarts.append(space + 1)
            nameEnds.append(nul)
            folders.append(isTree)
            position = nul + 21
        }
        // Each edit: the entry it replaces, or the one it goes before.
        var places: [Int] = []
        var replaces: [Bool] = []
        for name in names {
            let sameName = { (index: Int) in
                nameEnds[index] - nameStarts[index] == name.count
                    && data[nameStarts[index]..<nameEnds[index]].elementsEqual(name)
            }
            // A folder of that name (which sorts as `name/`) is TreeBuilder's to replace.
            if starts.indices.contains(where: { folders[$0] && sameName($0) }) { return nil }
            var (low, high) = (0, starts.count)
            while low < high {
                let middle = (low + high) / 2
                let below = name.withUnsafeBufferPointer {
                    Self.compare(data, nameStarts[middle]..<nameEnds[middle], folders[middle], $0, 0..<$0.count, false)
                        < 0
                }
                if below { low = middle + 1 } else { high = middle }
            }
            places.append(low)
            replaces.append(low < starts.count && sameName(low))
        }
        var out: [UInt8] = []
        out.reserveCapacity(data.count + names.count * 64)
        func write(_ number: Int) {
            out += String(edits[number].fileMode, radix: 8).utf8
            out.append(0x20)
            out += names[number]
            out.append(0)
            withUnsafeBytes(of: edits[number].id!.raw.id) { out += $0 }
        }
        let order = names.indices.sorted { names[$0].lexicographicallyPrecedes(names[$1]) }
        for index in 0...starts.count {
            for number in order where places[number] == index && !replaces[number] { write(number) }
            guard index < starts.count else { break }
            if let number = names.indices.first(where: { places[$0] == index && replaces[$0] }) {
                write(number)
            } else {
                out += data[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : data.count)]
            }
        }
        if let looseObjects { return try looseObjects.write(out, type: "tree") }
        var written = git_oid()
        _ = try out.withUnsafeBytes { raw in
            try checkObjectWrite("git_odb_write") {
                git_odb_write(&written, odb, raw.baseAddress, raw.count, GIT_OBJECT_TREE)
            }
        }
        return ObjectID(written)
    }

    /// A name `TreeBuilder` takes as it is: letters, digits, `.`, `-` and `_`, not starting
    /// with `.` (no `.git`, `..`, nor a name some file system reads as another).
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: ".") else { return false }
        return name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// Where the next `byte` at or after `start` is (`memchr`: a generic search of a slice cost
    /// as much as the rest of the splice).
    private static func find(_ byte: UInt8, in data: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < data.count, let base = data.baseAddress,
            let found = memchr(base + start, Int32(byte), data.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Whether a mode, as a tree holds it, is a folder's; nil for a mode libgit2 would write
    /// otherwise (it writes `40000`, `100644`, `100755`, `120000`, `160000`).
    private static func canonicalMode(_ data: UnsafeBufferPointer<UInt8>, _ mode: Range<Int>) -> Bool? {
        // The digits as one number, byte by byte (a generic comparison with a string's UTF-8
        // view cost ~0.5 M instructions for the day notes' 1,100 entries).
        guard mode.count == 5 || mode.count == 6 else { return nil }
        var digits: UInt64 = 0
        for index in mode { digits = digits << 8 | UInt64(data[index]) }
        switch digits {
        case 0x34_30_30_30_30: return true  // 40000
        case 0x31_30_30_36_34_34, 0x31_30_30_37_35_35, 0x31_32_30_30_30_30, 0x31_36_30_30_30_30:
            return false  // 100644, 100755, 120000, 160000
        default: return nil
        }
    }

    /// Git's order of tree entries: by name, a folder's as if it ended in `/`.
    private static func compare(
        _ data: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ isTree: Bool, _ otherData: UnsafeBufferPointer<UInt8>,
        _ other: Range<Int>, _ otherIsTree: Bool
    ) -> Int {
        let length = min(name.count, other.count)
        var index = 0
        while index < length {
            let (a, b) = (data[name.lowerBound + index], otherData[other.lowerBound + index])
            if a != b { return a < b ? -1 : 1 }
            index += 1
        }
        let a: UInt8 = name.count > length ? data[name.lowerBound + length] : isTree ? 0x2F : 0
        let b: UInt8 = other.count > length ? otherData[other.lowerBound + length] : otherIsTree ? 0x2F : 0
        return a == b ? 0 : a < b ? -1 : 1
    }
}
