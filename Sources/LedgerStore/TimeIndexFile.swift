package import LedgerCore
internal import LedgerSystem

/// The time index on disk: two files in the vault's state directory, read through a memory
/// map so that a command touches only the rows it asks for.
///
/// `time.idx`: a 128-byte header, then one 100-byte record per live entry in the timeline's
/// order (start, then order key), so a range of time is a binary search away.
///
/// | header offset | field |
/// |---|---|
/// | 0 | magic `ALOGTIX4` |
/// | 8 | the commit it reflects, 40 hex characters (zeros while a writer changes the files) |
/// | 48 | nonce: the same 8 bytes open `time.heap` (the two files belong together) |
/// | 56, 64 | record count; bytes of `time.heap` in use |
/// | 72, 80 | offset and length in the heap of the names block (type and device names, the ids edits named before their entry arrived, the sets of tags rows carry) |
/// | 88, 96 | offset in the heap of the sorted ids of the last full build, and how many |
/// | 104 | the record number of the last timed entry (-1: none) |
/// | 112 | the first record whose id is in no list (the rows added at the end since) |
/// | 120 | FNV-1a of bytes 0..<120 |
///
/// A record holds the entry's instants (seconds and UTC offset: start, own end, window end),
/// its order key (stamp, device number, id), goal, type number, flags, where its note lies in
/// the heap, how many rows back the previous timed row is, its tag set's number, and a check
/// over its bytes and its note's, so a damaged record is noticed when read (the index is then
/// built again).
///
/// Which ids the index holds: the sorted ids of the last full build (rows removed since may
/// still be listed), the names block's `added` (rows a splice placed among the others), and
/// the records from the header's `tailStart` on (rows added at the end since).
///
/// Changes are made by a writer holding the index's lock (`TimeIndexSplice`): rows added at the
/// end and records rewritten where they stand are written in place, after the header's commit is
/// zeroed (a writer killed in between leaves an index no reader takes); a change that moves rows
/// writes `time.idx` aside and renames it over, so a reader that has it open keeps reading the
/// rows it opened. The heap only grows: new notes and names are added past its end.
package enum TimeIndexFile {
    package static let headerSize = 128
    package static let recordSize = 100
    static let magic: [UInt8] = Array("ALOGTIX4".utf8)

    package struct Header: Sendable, Equatable {
        /// Empty while a writer changes the files.
        package var commit: String
        package var nonce: UInt64
        package var count: Int
        package var heapLength: Int
        package var names: Range<Int>
        package var sortedIDsOffset: Int
        package var sortedIDsCount: Int
        package var lastTimed: Int
        /// Records from here on are in no list of ids.
        package var tailStart: Int

        package func encoded() -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: headerSize)
            bytes.replaceSubrange(0..<8, with: magic)
            if commit.utf8.count == 40 { bytes.replaceSubrange(8..<48, with: Array(commit.utf8)) }
            bytes.withUnsafeMutableBytes { raw in
                for (offset, value) in [
                    (48, nonce), (56, UInt64(count)), (64, UInt64(heapLength)), (72, UInt64(names.lowerBound)),
                    (80, UInt64(names.count)), (88, UInt64(sortedIDsOffset)), (96, UInt64(sortedIDsCount)),
                    (104, UInt64(bitPattern: Int64(lastTimed))), (112, UInt64(tailStart)),
                ] {
                    raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
                }
                let check = CacheFile.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<120]))
                raw.storeBytes(of: check.littleEndian, toByteOffset: 120, as: UInt64.self)
            }
            return bytes
        }

        package init(
            commit: String, nonce: UInt64, count: Int, heapLength: Int, names: Range<Int>, sortedIDsOffset: Int,
            sortedIDsCount: Int, lastTimed: Int, tailStart: Int
        ) {
            (self.commit, self.nonce, self.count, self.heapLength) = (commit, nonce, count, heapLength)
            (self.names, self.sortedIDsOffset, self.sortedIDsCount, self.lastTimed) =
                (names, sortedIDsOffset, sortedIDsCount, lastTimed)
            self.tailStart = tailStart
        }

        /// Nil when the bytes are not a whole, checked header.
        package init?(_ raw: UnsafeRawBufferPointer) {
            guard raw.count >= headerSize, raw.prefix(8).elementsEqual(magic),
                raw.loadUnaligned(fromByteOffset: 120, as: UInt64.self).littleEndian
                    == CacheFile.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<120]))
            else { return nil }
            func word(_ offset: Int) -> UInt64 {
                raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
            }
            let commitBytes = raw[8..<48]
            commit = commitBytes.allSatisfy { $0 == 0 } ? "" : String(decoding: commitBytes, as: UTF8.self)
            let limit = UInt64(Int.max / 2)
            guard word(56) < limit, word(64) < limit, word(72) < limit, word(80) < limit, word(88) < limit,
                word(96) < limit, word(112) < limit
            else { return nil }
            nonce = word(48)
            count = Int(word(56))
            heapLength = Int(word(64))
            names = Int(word(72))..<Int(word(72) + word(80))
            sortedIDsOffset = Int(word(88))
            sortedIDsCount = Int(word(96))
            lastTimed = Int(Int64(bitPattern: word(104)))
            tailStart = Int(word(112))
            guard lastTimed >= -1, lastTimed < count, names.upperBound <= heapLength, tailStart <= count,
                sortedIDsOffset + sortedIDsCount * 8 <= heapLength
            else { return nil }
        }
    }

    /// The names block: type names, device names, the ids edits named before their entry
    /// arrived, the sorted ids of the rows splices placed among the others, and the sets of
    /// tags rows carry (the first is the empty set).
    package struct Names: Sendable, Equatable {
        package var types: [String]
        package var devices: [String]
        package var unresolved: [EventID]
        package var added: [EventID]
        package var tagSets: [[String]]

        package init(
            types: [String], devices: [String], unresolved: [EventID], added: [EventID] = [],
            tagSets: [[String]] = [[]]
        ) {
            (self.types, self.devices, self.unresolved, self.added) = (types, devices, unresolved, added)
            self.tagSets = tagSets
        }

        package func encoded() -> [UInt8] {
            var bytes: [UInt8] = []
            func word(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
            func list(_ names: [String]) {
                word(UInt32(names.count))
                for name in names {
                    word(UInt32(name.utf8.count))
                    bytes += name.utf8
                }
            }
            list(types)
            list(devices)
            for ids in [unresolved, added] {
                word(UInt32(ids.count))
                for id in ids { withUnsafeBytes(of: id.rawValue.littleEndian) { bytes += $0 } }
            }
            word(UInt32(tagSets.count))
            for set in tagSets { list(set) }
            return bytes
        }

        package init?(_ raw: UnsafeRawBufferPointer) {
            var position = 0
            func word() -> UInt32? {
                guard position + 4 <= raw.count else { return nil }
                defer { position += 4 }
                return raw.loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian
            }
            func list() -> [String]? {
                guard let count = word(), Int(count) <= raw.count else { return nil }
                var names: [String] = []
                for _ in 0..<count {
                    guard let length = word(), position + Int(length) <= raw.count else { return nil }
                    names.append(String(decoding: raw[position..<(position + Int(length))], as: UTF8.self))
                    position += Int(length)
                }
                return names
            }
            func ids() -> [EventID]? {
                guard let count = word(), position + Int(count) * 8 <= raw.count else { return nil }
                defer { position += Int(count) * 8 }
                return (0..<Int(count)).map {
                    EventID(
                        rawValue: raw.loadUnaligned(fromByteOffset: position + $0 * 8, as: UInt64.self).littleEndian)
                }
            }
            guard let types = list(), let devices = list(), let unresolved = ids(), let added = ids(),
                let setCount = word(), setCount >= 1, Int(setCount) <= raw.count
            else { return nil }
            var tagSets: [[String]] = []
            for _ in 0..<setCount {
                guard let set = list() else { return nil }
                tagSets.append(set)
            }
            guard tagSets[0].isEmpty, position == raw.count else { return nil }
            (self.types, self.devices, self.unresolved, self.added) = (types, devices, unresolved, added)
            self.tagSets = tagSets
        }
    }

    /// The record of `row` at position `number`, its note placed at `noteOffset` of the heap;
    /// `previousTimed` is the number of the last timed row before it (nil: none), so that a
    /// range's reader finds the timer whose window reaches into it in one step. The record keeps
    /// how far back that row is, not its number: rows that move together (all the rows after a
    /// change) keep their records byte for byte.
    package static func record(_ row: TimeRow, number: Int, noteOffset: Int, previousTimed: Int?) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: recordSize)
        bytes.withUnsafeMutableBytes {
            put(row, number: number, noteOffset: noteOffset, previousTimed: previousTimed, into: $0)
        }
        return bytes
    }

    /// Writes the record of `row` (see `record`) into the first `recordSize` bytes of `raw`.
    package static func put(
        _ row: TimeRow, number: Int, noteOffset: Int, previousTimed: Int?, into raw: UnsafeMutableRawBufferPointer
    ) {
        var note = row.note
        note.withUTF8 { note in
            func put<T: FixedWidthInteger>(_ offset: Int, _ value: T) {
                raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
            }
            put(0, row.at.seconds)
            put(8, row.ownEnd?.seconds ?? 0)
            put(16, row.windowEnd?.seconds ?? 0)
            put(24, row.stamp.millis)
            put(32, row.id.rawValue)
            put(40, row.goalSeconds)
            put(48, UInt64(note.isEmpty ? 0 : noteOffset))
            put(56, UInt32(note.count))
            put(60, row.stamp.counter)
            put(64, row.at.offset)
            put(68, row.ownEnd?.offset ?? 0)
            put(72, row.windowEnd?.offset ?? 0)
            put(76, row.type)
            put(80, row.device)
            var flags: UInt32 = 0
            if row.isTimed { flags |= 1 }
            if row.ownEnd != nil { flags |= 2 }
            if row.windowEnd != nil { flags |= 4 }
            if row.endedByNext { flags |= 8 }
            if row.touched { flags |= 16 }
            put(84, flags)
            put(88, UInt32(previousTimed.map { number - $0 } ?? 0))
            put(92, row.tagSet)
            put(96, check(UnsafeRawBufferPointer(rebasing: raw[0..<96]), note: UnsafeRawBufferPointer(note)))
        }
    }

    /// The check of a record: its first 96 bytes and its note's bytes.
    static func check(_ head: UnsafeRawBufferPointer, note: UnsafeRawBufferPointer) -> UInt32 {
        let a = CacheFile.checksum(head)
        let b = note.isEmpty ? 0 : CacheFile.checksum(note)
        let mixed = (a ^ (b &* 0x9E37_79B9_7F4A_7C15))
        return UInt32(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }

    /// Both files for `rows`, reflecting `commit`: built in memory and renamed over the old
    /// ones (the heap first; a reader between the two renames sees different nonces and
    /// takes neither).
    package static func write(_ rows: TimeRows, unresolved: [EventID], commit: String, index: String, heap: String)
        throws
    {
        let nonce = UInt64.random(in: 1...UInt64.max)
        var heapBytes: [UInt8] = []
        withUnsafeBytes(of: nonce.littleEndian) { heapBytes += $0 }
        var records = [UInt8]()
        records.reserveCapacity(headerSize + rows.rows.count * recordSize)
        records += [UInt8](repeating: 0, count: headerSize)
        var lastTimed = -1
        for (number, row) in rows.rows.enumerated() {
            records += record(
                row, number: number, noteOffset: heapBytes.count, previousTimed: lastTimed >= 0 ? lastTimed : nil)
            heapBytes += row.note.utf8
            if row.isTimed { lastTimed = number }
        }
        let namesBytes = Names(
            types: rows.types, devices: rows.devices, unresolved: unresolved, tagSets: rows.tagSets
        ).encoded()
        let names = heapBytes.count..<(heapBytes.count + namesBytes.count)
        heapBytes += namesBytes
        let sortedIDsOffset = heapBytes.count
        for id in rows.rows.map(\.id.rawValue).sorted() { withUnsafeBytes(of: id.littleEndian) { heapBytes += $0 } }
        let header = Header(
            commit: commit, nonce: nonce, count: rows.rows.count, heapLength: heapBytes.count, names: names,
            sortedIDsOffset: sortedIDsOffset, sortedIDsCount: rows.rows.count, lastTimed: lastTimed,
            tailStart: rows.rows.count)
        records.replaceSubrange(0..<headerSize, with: header.encoded())
        try FileSystem.writeAtomically(heap, heapBytes)
        try FileSystem.writeAtomically(index, records)
    }
}

/// A time index opened for reading (see `TimeIndexFile`). Every accessor checks what it
/// reads; `nil` from `row(_:)` means a damaged record.
package final class TimeIndexReader: @unchecked Sendable {
    package let header: TimeIndexFile.Header
    package let names: TimeIndexFile.Names
    private let records: MappedFile
    private let heap: MappedFile

    /// Nil when the files are missing, do not belong together, or fail their checks.
    package let paths: (index: String, heap: String)

    package init?(index: String, heap: String) throws {
        paths = (index, heap)
        guard let records = try MappedFile(path: index, sharedLock: true), let heapFile = try MappedFile(path: heap),
            let header = TimeIndexFile.Header(records.bytes),
            records.bytes.count >= TimeIndexFile.headerSize + header.count * TimeIndexFile.recordSize,
            heapFile.bytes.count >= max(8, header.heapLength),
            heapFile.bytes.loadUnaligned(as: UInt64.self).littleEndian == header.nonce,
            let names = TimeIndexFile.Names(UnsafeRawBufferPointer(rebasing: heapFile.bytes[header.names]))
        else { return nil }
        (self.header, self.names, self.records, self.heap) = (header, names, records, heapFile)
    }

    package var count: Int { header.count }

    /// Runs `body` while no other reader has this index open (see `MappedFile.whileOnlyReader`);
    /// false when another has.
    package func whileOnlyReader(_ body: () throws -> Void) rethrows -> Bool {
        try records.whileOnlyReader(body)
    }

    /// The bytes of records `numbers` as they are.
    package func recordBytes(_ numbers: Range<Int>) -> [UInt8] {
        let size = TimeIndexFile.recordSize
        return Array(
            records.bytes[
                (TimeIndexFile.headerSize + numbers.lowerBound * size)..<(TimeIndexFile.headerSize
                    + numbers.upperBound * size)])
    }

    private func word<T: FixedWidthInteger>(_ number: Int, _ offset: Int, as: T.Type) -> T {
        records.bytes.loadUnaligned(
            fromByteOffset: TimeIndexFile.headerSize + number * TimeIndexFile.recordSize + offset, as: T.self
        ).littleEndian
    }

    /// The start of record `number` in unix seconds (unchecked: for searching).
    package func seconds(_ number: Int) -> Int64 { word(number, 0, as: Int64.self) }

    /// The last timed row before row `number` (`count` for: before the end), or nil; unchecked
    /// (the row found is checked when read).
    package func timedRow(before number: Int) -> Int? {
        if number >= count { return header.lastTimed >= 0 ? header.lastTimed : nil }
        let distance = Int(word(number, 88, as: UInt32.self))
        return distance > 0 && distance <= number ? number - distance : nil
    }

    /// Record `number` and its note, when the record passes its check and its note and names
    /// lie inside the files.
    private func checked(_ number: Int) -> (record: UnsafeRawBufferPointer, note: UnsafeRawBufferPointer)? {
        let base = TimeIndexFile.headerSize + number * TimeIndexFile.recordSize
        let raw = UnsafeRawBufferPointer(rebasing: records.bytes[base..<(base + TimeIndexFile.recordSize)])
        func word<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            raw.loadUnaligned(fromByteOffset: offset, as: T.self).littleEndian
        }
        let noteOffset = word(48, UInt64.self)
        let noteLength = Int(word(56, UInt32.self))
        guard noteOffset <= UInt64(header.heapLength), Int(noteOffset) + noteLength <= header.heapLength else {
            return nil
        }
        let note = UnsafeRawBufferPointer(rebasing: heap.bytes[Int(noteOffset)..<(Int(noteOffset) + noteLength)])
        guard word(96, UInt32.self) == TimeIndexFile.check(UnsafeRawBufferPointer(rebasing: raw[0..<96]), note: note),
            Int(word(76, UInt32.self)) < names.types.count, Int(word(80, UInt32.self)) < names.devices.count,
            Int(word(92, UInt32.self)) < names.tagSets.count
        else { return nil }
        return (raw, note)
    }

    /// What reports read of record `number` (type, start, whether timed, window end, tag set),
    /// checked, without building the row's strings; nil when it fails its check.
    package func facts(_ number: Int) -> Facts? {
        guard let (raw, _) = checked(number) else { return nil }
        func word<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            raw.loadUnaligned(fromByteOffset: offset, as: T.self).littleEndian
        }
        let flags = word(84, UInt32.self)
        return Facts(
            type: word(76, UInt32.self), at: word(0, Int64.self), isTimed: flags & 1 != 0,
            windowEnd: flags & 4 != 0 ? word(16, Int64.self) : nil, tagSet: word(92, UInt32.self))
    }

    /// What reports read of a record.
    package struct Facts {
        package var type: UInt32
        package var at: Int64
        package var isTimed: Bool
        package var windowEnd: Int64?
        package var tagSet: UInt32

        package init(type: UInt32, at: Int64, isTimed: Bool, windowEnd: Int64?, tagSet: UInt32) {
            (self.type, self.at, self.isTimed, self.windowEnd, self.tagSet) = (type, at, isTimed, windowEnd, tagSet)
        }
    }

    /// Record `number`, or nil when it fails its check or points outside the files.
    package func row(_ number: Int) -> TimeRow? {
        guard let (raw, note) = checked(number) else { return nil }
        func word<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            raw.loadUnaligned(fromByteOffset: offset, as: T.self).littleEndian
        }
        let flags = word(84, UInt32.self)
        let (type, device) = (word(76, UInt32.self), word(80, UInt32.self))
        func instant(_ seconds: Int, _ offset: Int) -> LocalInstant {
            LocalInstant(seconds: word(seconds, Int64.self), offset: word(offset, Int32.self))
        }
        return TimeRow(
            id: EventID(rawValue: word(32, UInt64.self)), at: instant(0, 64),
            stamp: Stamp(millis: word(24, Int64.self), counter: word(60, UInt32.self)), device: device, type: type,
            note: note.isEmpty ? "" : String(decoding: note, as: UTF8.self), isTimed: flags & 1 != 0,
            ownEnd: flags & 2 != 0 ? instant(8, 68) : nil, windowEnd: flags & 4 != 0 ? instant(16, 72) : nil,
            endedByNext: flags & 8 != 0, goalSeconds: word(40, Int64.self), touched: flags & 16 != 0,
            tagSet: word(92, UInt32.self))
    }

    /// True when an entry with this id may be in the index: it is in the sorted ids of the last
    /// full build (which may list rows removed since), among the ids splices added, or in the
    /// records added at the end since. False means it is not.
    package func contains(_ id: EventID) -> Bool {
        let offset = header.sortedIDsOffset
        var (low, high) = (0, header.sortedIDsCount)
        while low < high {
            let middle = (low + high) / 2
            let value = heap.bytes.loadUnaligned(fromByteOffset: offset + middle * 8, as: UInt64.self).littleEndian
            if value == id.rawValue { return true }
            if value < id.rawValue { low = middle + 1 } else { high = middle }
        }
        if Self.sortedContains(names.added, id) { return true }
        for number in header.tailStart..<count where self.id(number) == id { return true }
        return false
    }

    static func sortedContains(_ ids: [EventID], _ id: EventID) -> Bool {
        var (low, high) = (0, ids.count)
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] == id { return true }
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return false
    }

    /// How many ids are not in the sorted list of the last full build: after 65,536 of them the
    /// index is built again, so that looking an id up stays short.
    package var unlistedCount: Int { count - header.tailStart + names.added.count }

    /// The id of record `number` (unchecked: for finding a row; the row is checked when read).
    package func id(_ number: Int) -> EventID { EventID(rawValue: word(number, 32, as: UInt64.self)) }

    /// Where record `number` stands in the timeline (unchecked: for merging; the rows taken
    /// are checked when read).
    package func key(_ number: Int) -> TimeRow.Key {
        TimeRow.Key(
            seconds: word(number, 0, as: Int64.self),
            stamp: Stamp(millis: word(number, 24, as: Int64.self), counter: word(number, 60, as: UInt32.self)),
            device: word(number, 80, as: UInt32.self), id: id(number))
    }

    /// Where the note of record `number` lies in the heap (unchecked).
    package func noteOffset(_ number: Int) -> Int { Int(truncatingIfNeeded: word(number, 48, as: UInt64.self)) }

    /// The bytes of record `number` as they are.
    package func recordBytes(_ number: Int) -> UnsafeRawBufferPointer {
        let base = TimeIndexFile.headerSize + number * TimeIndexFile.recordSize
        return UnsafeRawBufferPointer(rebasing: records.bytes[base..<(base + TimeIndexFile.recordSize)])
    }

    /// The type number of record `number` (unchecked: for filtering; the row is checked when read).
    package func typeNumber(_ number: Int) -> Int? { Int(exactly: word(number, 76, as: UInt32.self)) }

    /// The tag set number of record `number` (unchecked: for filtering; the row is checked when read).
    package func tagSetNumber(_ number: Int) -> Int? { Int(exactly: word(number, 92, as: UInt32.self)) }

    /// Lets the kernel drop the pages of these records (a long read that has passed them).
    package func releaseRecords(_ numbers: Range<Int>) {
        let base = TimeIndexFile.headerSize
        records.release(
            (base + numbers.lowerBound * TimeIndexFile.recordSize)..<(base + numbers.upperBound
                * TimeIndexFile.recordSize))
    }
}
