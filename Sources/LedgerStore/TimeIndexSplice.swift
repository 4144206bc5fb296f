package import LedgerCore
import LedgerSystem

/// A change of a time index (see `TimeIndexFile`) made without building it again: rows removed
/// by id, rows added anywhere in the timeline (an edited row is removed and added again), and the
/// windows of the timers around them laid out again. The caller holds the index's lock.
///
/// The rows before the first change are not read. From there, the old rows (minus the removed
/// ones) and the new rows are merged in the timeline's order until nothing is left to add or
/// remove and the next timer is reached; the records after that timer are the same bytes, only
/// shifted by the rows added or removed (a record keeps how far back its previous timer is, not
/// its number). So a change costs the rows between it and the next timer, wherever it is. A
/// change that keeps every row where it was (rows added at the end, a timer's window) is
/// written in place. One that moves rows is written in place too while no other reader has the
/// index open (every reader holds a shared `flock` on `time.idx`) and the records to carry are
/// at most 8 MiB; otherwise it writes `time.idx` aside and renames it over, the unchanged
/// records copied by the kernel, so a reader that has the old file open is never shown rows
/// half moved.
package struct TimeIndexSplice {
    package var names: TimeIndexFile.Names
    package var namesChanged = false
    /// The ids whose rows go.
    package var removing: Set<EventID> = []
    /// The new rows, in any order, their windows not laid out.
    package var adding: [TimeRow] = []
    /// The tag sets' numbers, once one was looked up.
    private var tagSets: TagSets?

    package init(names: TimeIndexFile.Names) { self.names = names }

    /// The number of `name` in the names list at `keyPath`, added when new.
    package mutating func number(_ name: String, in keyPath: WritableKeyPath<TimeIndexFile.Names, [String]>) -> UInt32 {
        if let found = names[keyPath: keyPath].firstIndex(of: name) { return UInt32(found) }
        names[keyPath: keyPath].append(name)
        namesChanged = true
        return UInt32(names[keyPath: keyPath].count - 1)
    }

    /// The number of the tag set `tags` (in `Tags.precedes` order), added when new.
    package mutating func tagSet(_ tags: [String]) -> UInt32 {
        if tags.isEmpty { return 0 }
        var sets = tagSets ?? TagSets(names.tagSets)
        let number = sets.number(tags)
        if sets.sets.count != names.tagSets.count {
            names.tagSets = sets.sets
            namesChanged = true
        }
        tagSets = sets
        return number
    }

    /// Sets the ids edits named before their entry arrived.
    package mutating func setUnresolved(_ ids: [EventID]) {
        guard ids != names.unresolved else { return }
        names.unresolved = ids
        namesChanged = true
    }

    /// Writes the change so that the index reflects `commit` (in place, or aside and renamed
    /// over: see the type's comment); false (nothing written) when a row to change fails its
    /// check or the ids outside the sorted list would pass 65,536 (the caller builds the index
    /// again).
    package func apply(to reader: TimeIndexReader, commit: String) throws -> Bool {
        var writer = try Writer(splice: self, reader: reader)
        return try writer.run(commit: commit)
    }
}

extension TimeIndexSplice {
    /// The merge of one splice.
    private struct Writer {
        let reader: TimeIndexReader
        let old: TimeIndexFile.Header
        var names: TimeIndexFile.Names
        var namesChanged: Bool
        let rank: [Int]
        let fresh: [TimeRow]
        /// Positions of the rows that go, ascending.
        let removed: [Int]
        let removedSet: Set<Int>
        /// The first position the change reaches.
        let start: Int

        /// The new records from `start` on.
        var out: [UInt8] = []
        /// Notes of the new rows, to be added past the heap's end.
        var heapBytes: [UInt8] = []
        /// The timer whose window waits for the next timed row: its number, row, note offset,
        /// previous timed row, and (before `start`) its record as it stands.
        var pending: (number: Int, row: TimeRow, noteOffset: Int, previousTimed: Int?, before: TimeRow?)?
        /// A record before `start` to rewrite (the last timer before the change, its window moved).
        var rewriteBefore: (number: Int, bytes: [UInt8])?
        var lastTimed: Int?
        /// Rows emitted from `start` on.
        var emitted = 0
        /// True while every emitted row has the id of the old row at its position.
        var sameIDs = true

        init(splice: TimeIndexSplice, reader: TimeIndexReader) throws {
            self.reader = reader
            old = reader.header
            (names, namesChanged) = (splice.names, splice.namesChanged)
            rank = TimeRows.ranks(splice.names.devices)
            let rank = self.rank
            fresh = splice.adding.sorted { TimeRow.precedes($0, $1, deviceRank: rank) }
            // The rows people change are mostly recent: look for them from the end.
            var found: [Int] = []
            if !splice.removing.isEmpty {
                var number = old.count - 1
                while number >= 0, found.count < splice.removing.count {
                    if splice.removing.contains(reader.id(number)) { found.append(number) }
                    number -= 1
                }
            }
            removed = found.reversed()
            removedSet = Set(found)
            var start = removed.first ?? old.count
            if let first = fresh.first {
                // The first old row that does not come before the first new one.
                var (low, high) = (0, start)
                while low < high {
                    let middle = (low + high) / 2
                    if TimeRow.Key.precedes(reader.key(middle), first.key, deviceRank: rank) {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                start = low
            }
            self.start = start
            lastTimed = reader.timedRow(before: start)
        }

        func keyPrecedes(_ a: TimeRow.Key, _ b: TimeRow.Key) -> Bool { TimeRow.Key.precedes(a, b, deviceRank: rank) }

        mutating func run(commit: String) throws -> Bool {
            if let number = lastTimed {
                guard let row = reader.row(number) else { return false }
                pending = (number, row, reader.noteOffset(number), reader.timedRow(before: number), row)
            }
            let lastRemoved = removed.last ?? -1
            var (next, taken) = (start, 0)
            var settledAt: Int?
            while true {
                while next < old.count, removedSet.contains(next) { next += 1 }
                let hasOld = next < old.count
                let hasNew = taken < fresh.count
                if !hasOld && !hasNew { break }
                if hasOld && (!hasNew || keyPrecedes(reader.key(next), fresh[taken].key)) {
                    // Nothing left to add or remove: the first timer from here keeps its window,
                    // and every record after it is unchanged, wherever it now stands (a record
                    // keeps how far back its previous timer is, and that timer moved with it).
                    let settled = !hasNew && next > lastRemoved
                    // With no timer before it, old or new, a plain row's record is the same
                    // bytes too: a vault without timers settles right after its last change.
                    if settled, lastTimed == nil, reader.timedRow(before: next) == nil {
                        settledAt = next
                        break
                    }
                    guard let row = reader.row(next) else { return false }
                    emit(row, noteOffset: reader.noteOffset(next), keepWindow: settled && row.isTimed)
                    next += 1
                    if settled && row.isTimed {
                        settledAt = next
                        break
                    }
                } else {
                    let row = fresh[taken]
                    let noteOffset = old.heapLength + heapBytes.count
                    heapBytes += row.note.utf8
                    emit(row, noteOffset: noteOffset, keepWindow: false)
                    taken += 1
                }
            }
            if settledAt == nil { finishPending(next: nil) }
            // How far the records after the settling timer move.
            let shift = settledAt.map { start + emitted - $0 } ?? 0
            let count = settledAt == nil ? start + emitted : old.count + shift
            // Whether any row stands elsewhere than it did (rows added at the end do not count).
            let moved = !sameIDs || shift != 0 || count < old.count

            // Which ids the lists hold: rows placed among the others, and the rows added at the
            // end since the last full build when they may have moved, go to `added`.
            var tailStart = min(old.tailStart, count)
            if start < old.tailStart && moved {
                var added = Set(names.added)
                for number in old.tailStart..<old.count where !removedSet.contains(number) {
                    added.insert(reader.id(number))
                }
                for row in fresh { added.insert(row.id) }
                names.added = added.sorted()
                namesChanged = true
                tailStart = count
            }
            guard count - tailStart + names.added.count < 1 << 16 else { return false }

            var header = old
            header.count = count
            header.lastTimed = settledAt == nil ? lastTimed ?? -1 : old.lastTimed < 0 ? -1 : old.lastTimed + shift
            header.tailStart = tailStart
            // The heap: new notes, then the names block when it changed, past the old end.
            var heapTail = heapBytes
            if namesChanged {
                let block = names.encoded()
                header.names = (old.heapLength + heapTail.count)..<(old.heapLength + heapTail.count + block.count)
                heapTail += block
            }
            header.heapLength = old.heapLength + heapTail.count
            if !heapTail.isEmpty {
                guard let heap = try PatchableFile(path: reader.paths.heap) else { return false }
                try heap.write(heapTail, at: old.heapLength)
            }
            header.commit = commit
            let recordsAt = { (number: Int) in TimeIndexFile.headerSize + number * TimeIndexFile.recordSize }
            // Rows moved, but no other reader has the index open: moved in place when the records
            // after the change are few enough to carry through memory.
            let carried = settledAt.map { $0..<old.count } ?? old.count..<old.count
            if moved, carried.count * TimeIndexFile.recordSize <= 8 << 20 {
                var done = false
                let writtenAlone = try reader.whileOnlyReader {
                    guard let index = try PatchableFile(path: reader.paths.index) else { return }
                    let suffix = reader.recordBytes(carried)
                    var zeroed = old
                    zeroed.commit = ""
                    try index.write(zeroed.encoded(), at: 0)
                    if let rewriteBefore { try index.write(rewriteBefore.bytes, at: recordsAt(rewriteBefore.number)) }
                    try index.write(out, at: recordsAt(start))
                    if !suffix.isEmpty { try index.write(suffix, at: recordsAt(carried.lowerBound + shift)) }
                    try index.write(header.encoded(), at: 0)
                    done = true
                }
                if writtenAlone && done { return true }
            }
            // Rows stayed where they were: the records that differ are rewritten in place, while
            // a reader that has the index open could not tell (see `openReadersCanRead`) or none has.
            func rewriteInPlace() throws -> Bool {
                guard let index = try PatchableFile(path: reader.paths.index) else { return false }
                var zeroed = old
                zeroed.commit = ""
                try index.write(zeroed.encoded(), at: 0)
                if let rewriteBefore { try index.write(rewriteBefore.bytes, at: recordsAt(rewriteBefore.number)) }
                // Only the records that differ, and the rows added at the end.
                var position = 0
                while position < emitted {
                    let number = start + position
                    let slice = out[(position * TimeIndexFile.recordSize)..<((position + 1) * TimeIndexFile.recordSize)]
                    if number >= old.count {
                        try index.write(Array(out[(position * TimeIndexFile.recordSize)...]), at: recordsAt(number))
                        break
                    }
                    if !reader.recordBytes(number).elementsEqual(slice) {
                        try index.write(Array(slice), at: recordsAt(number))
                    }
                    position += 1
                }
                try index.write(header.encoded(), at: 0)
                return true
            }
            if !moved {
                if openReadersCanRead() { return try rewriteInPlace() }
                var done = false
                if try reader.whileOnlyReader({ done = try rewriteInPlace() }), done { return true }
            }
            var copies: [(from: Int, to: Int, count: Int)] = [(0, 0, recordsAt(start))]
            if let settledAt, settledAt < old.count {
                copies.append(
                    (recordsAt(settledAt), recordsAt(settledAt + shift), recordsAt(old.count) - recordsAt(settledAt)))
            }
            var writes: [(offset: Int, bytes: [UInt8])] = [(recordsAt(start), out)]
            if let rewriteBefore { writes.append((recordsAt(rewriteBefore.number), rewriteBefore.bytes)) }
            writes.append((0, header.encoded()))
            try FileSystem.writeAtomically(reader.paths.index, copying: copies, of: reader.paths.index, writes: writes)
            return true
        }

        /// True when every record rewritten before the old end keeps its note and its tags: a
        /// reader that has the index open may then see the new record (a timer's new window)
        /// rather than the old one, but never one whose note lies past the heap it mapped, whose
        /// names it lacks, or another commit's tags.
        func openReadersCanRead() -> Bool {
            let size = TimeIndexFile.recordSize
            let (notePlace, tagPlace) = (48..<60, 92..<96)
            if let rewriteBefore,
                !reader.recordBytes(rewriteBefore.number)[notePlace].elementsEqual(rewriteBefore.bytes[notePlace])
            {
                return false
            }
            func type(_ position: Int) -> Int {
                Int(
                    out.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position * size + 76, as: UInt32.self) }
                        .littleEndian)
            }
            for position in 0..<min(emitted, old.count - start) {
                let new = out[(position * size + notePlace.lowerBound)..<(position * size + notePlace.upperBound)]
                let oldRecord = reader.recordBytes(start + position)
                if !oldRecord[notePlace].elementsEqual(new) { return false }
                let newTags = out[(position * size + tagPlace.lowerBound)..<(position * size + tagPlace.upperBound)]
                if !oldRecord[tagPlace].elementsEqual(newTags) { return false }
                if type(position) >= reader.names.types.count { return false }
            }
            return true
        }

        /// Adds `row` at the next position; a timed row waits for the next timed one to lay out its
        /// window (unless `keepWindow`: the window it has stays).
        mutating func emit(_ row: TimeRow, noteOffset: Int, keepWindow: Bool) {
            let number = start + emitted
            if sameIDs && number < old.count && reader.id(number) != row.id { sameIDs = false }
            emitted += 1
            let previous = lastTimed
            out += [UInt8](repeating: 0, count: TimeIndexFile.recordSize)
            if row.isTimed {
                finishPending(next: row.at)
                lastTimed = number
                if keepWindow {
                    place(row, noteOffset: noteOffset, previousTimed: previous, number: number)
                } else {
                    pending = (number, row, noteOffset, previous, nil)
                }
            } else {
                place(row, noteOffset: noteOffset, previousTimed: previous, number: number)
            }
        }

        /// Lays out the waiting timer's window, ending where `next` starts (nil: none does).
        mutating func finishPending(next: LocalInstant?) {
            guard var waiting = pending else { return }
            pending = nil
            (waiting.row.windowEnd, waiting.row.endedByNext) = TimeRow.window(
                start: waiting.row.at, ownEnd: waiting.row.ownEnd, next: next)
            if waiting.number < start {
                guard waiting.row != waiting.before else { return }
                rewriteBefore = (
                    waiting.number,
                    TimeIndexFile.record(
                        waiting.row, number: waiting.number, noteOffset: waiting.noteOffset,
                        previousTimed: waiting.previousTimed)
                )
            } else {
                place(
                    waiting.row, noteOffset: waiting.noteOffset, previousTimed: waiting.previousTimed,
                    number: waiting.number)
            }
        }

        mutating func place(_ row: TimeRow, noteOffset: Int, previousTimed: Int?, number: Int) {
            let offset = (number - start) * TimeIndexFile.recordSize
            out.withUnsafeMutableBytes { raw in
                TimeIndexFile.put(
                    row, number: number, noteOffset: noteOffset, previousTimed: previousTimed,
                    into: UnsafeMutableRawBufferPointer(rebasing: raw[offset..<(offset + TimeIndexFile.recordSize)]))
            }
        }
    }
}
