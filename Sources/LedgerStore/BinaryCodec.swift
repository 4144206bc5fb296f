import LedgerCore

/// Little-endian binary writer/reader for the projection caches (fast to load, versioned by a
/// magic header; a cache that fails to decode is simply rebuilt from the events).
///
/// A snapshot starts with the magic and the table of device ids its order keys refer to by index;
/// the writer is given that table up front, so the bytes are written once, in place.
struct ByteWriter {
    private var bytes: [UInt8]
    private var count = 0
    private let deviceIndices: [String: UInt32]

    init(magic: StaticString, devices: [String], capacity: Int = 1024) {
        bytes = [UInt8](repeating: 0, count: capacity + magic.utf8CodeUnitCount + devices.count * 40)
        var indices: [String: UInt32] = [:]
        for (index, device) in devices.enumerated() { indices[device] = UInt32(index) }
        deviceIndices = indices
        raw(UnsafeRawBufferPointer(start: magic.utf8Start, count: magic.utf8CodeUnitCount))
        int(UInt32(devices.count))
        for device in devices { string(device) }
    }

    private mutating func reserve(_ size: Int) {
        if count + size > bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, size))) }
    }

    mutating func int<T: FixedWidthInteger>(_ value: T) {
        reserve(MemoryLayout<T>.size)
        let offset = count
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self) }
        count += MemoryLayout<T>.size
    }

    mutating func raw(_ buffer: UnsafeRawBufferPointer) {
        reserve(buffer.count)
        let offset = count
        bytes.withUnsafeMutableBytes {
            $0.baseAddress!.advanced(by: offset).copyMemory(from: buffer.baseAddress!, byteCount: buffer.count)
        }
        count += buffer.count
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(UInt32(utf8.count))
            if utf8.count > 0 { raw(UnsafeRawBufferPointer(utf8)) }
        }
    }

    mutating func stamp(_ stamp: Stamp) {
        int(stamp.millis)
        int(stamp.counter)
    }

    /// An order key; its device must be in the table given to `init`.
    mutating func key(_ key: OrderKey) {
        stamp(key.stamp)
        int(deviceIndices[key.device]!)
        int(key.id.rawValue)
    }

    mutating func instant(_ value: LocalInstant) {
        int(value.seconds)
        int(value.offset)
    }

    mutating func definition(_ value: ActivityTypeDefinition) {
        string(value.name)
        string(value.icon)
        string(value.group)
        string(value.color)
        int(UInt8(value.archived ? 1 : 0))
    }

    /// A timer's task: a flag byte, then its path and title when there is one.
    mutating func task(_ task: TaskRef?) {
        int(UInt8(task == nil ? 0 : 1))
        if let task {
            string(task.path)
            string(task.title)
        }
    }

    /// The type catalog, its parts in a fixed order (sorted, so equal catalogs give equal bytes).
    mutating func catalog(_ catalog: TypeCatalog) {
        w32(catalog.definitions.count)
        for (_, r) in catalog.definitions.sorted(by: { $0.key < $1.key }) {
            key(r.key)
            definition(r.value)
        }
        w32(catalog.goalRegisters.count)
        for (type, r) in catalog.goalRegisters.sorted(by: { $0.key < $1.key }) {
            string(type)
            key(r.key)
            int(r.value)
        }
        w32(catalog.favoriteRegisters.count)
        for (type, r) in catalog.favoriteRegisters.sorted(by: { $0.key < $1.key }) {
            string(type)
            key(r.key)
            int(UInt8(r.value.isOn ? 1 : 0))
        }
        int(UInt8(catalog.orderRegister == nil ? 0 : 1))
        if let r = catalog.orderRegister {
            key(r.key)
            string(r.value.names.joined(separator: " "))
        }
        w32(catalog.renames.count)
        for rename in catalog.renames.sorted() {
            key(rename.key)
            string(rename.from)
            string(rename.to)
        }
    }

    private mutating func w32(_ count: Int) { int(UInt32(count)) }

    /// The bytes written (the buffer itself, trimmed: no copy).
    consuming func finish() -> [UInt8] {
        bytes.removeLast(bytes.count - count)
        return bytes
    }
}

struct CacheDecodeError: Error {}

struct ByteReader {
    let buffer: UnsafeRawBufferPointer
    var offset = 0
    var devices: [String] = []

    init(_ buffer: UnsafeRawBufferPointer, magic: StaticString) throws(CacheDecodeError) {
        self.buffer = buffer
        let expected = UnsafeRawBufferPointer(start: magic.utf8Start, count: magic.utf8CodeUnitCount)
        guard buffer.count >= expected.count, buffer.prefix(expected.count).elementsEqual(expected) else {
            throw CacheDecodeError()
        }
        offset = expected.count
        let count = try int(UInt32.self)
        for _ in 0..<count { devices.append(try string()) }
    }

    mutating func int<T: FixedWidthInteger>(_: T.Type) throws(CacheDecodeError) -> T {
        let size = MemoryLayout<T>.size
        guard offset + size <= buffer.count else { throw CacheDecodeError() }
        let value = T(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: T.self))
        offset += size
        return value
    }

    mutating func string() throws(CacheDecodeError) -> String {
        let count = Int(try int(UInt32.self))
        guard offset + count <= buffer.count else { throw CacheDecodeError() }
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count]), as: UTF8.self)
        offset += count
        return value
    }

    mutating func stamp() throws(CacheDecodeError) -> Stamp {
        Stamp(millis: try int(Int64.self), counter: try int(UInt32.self))
    }

    mutating func key() throws(CacheDecodeError) -> OrderKey {
        let stamp = try stamp()
        let device = Int(try int(UInt32.self))
        guard device < devices.count else { throw CacheDecodeError() }
        return OrderKey(stamp: stamp, device: devices[device], id: EventID(rawValue: try int(UInt64.self)))
    }

    mutating func instant() throws(CacheDecodeError) -> LocalInstant {
        LocalInstant(seconds: try int(Int64.self), offset: try int(Int32.self))
    }

    mutating func definition() throws(CacheDecodeError) -> ActivityTypeDefinition {
        let (name, icon, group, color) = (try string(), try string(), try string(), try string())
        let flags = try int(UInt8.self)
        guard flags <= 1 else { throw CacheDecodeError() }
        return ActivityTypeDefinition(name: name, icon: icon, group: group, color: color, archived: flags == 1)
    }

    mutating func task() throws(CacheDecodeError) -> TaskRef? {
        switch try int(UInt8.self) {
        case 0: return nil
        case 1: return TaskRef(path: try string(), title: try string())
        default: throw CacheDecodeError()
        }
    }

    mutating func catalog() throws(CacheDecodeError) -> TypeCatalog {
        var catalog = TypeCatalog()
        for _ in 0..<(try int(UInt32.self)) {
            let key = try key()
            let definition = try definition()
            catalog.definitions[definition.name] = Register(key: key, value: definition)
        }
        for _ in 0..<(try int(UInt32.self)) {
            let type = try string()
            catalog.goalRegisters[type] = Register(key: try key(), value: try int(Int64.self))
        }
        for _ in 0..<(try int(UInt32.self)) {
            let type = try string()
            let key = try key()
            let flag = try int(UInt8.self)
            guard flag <= 1 else { throw CacheDecodeError() }
            catalog.favoriteRegisters[type] = Register(key: key, value: TypeCatalog.Mark(flag == 1))
        }
        switch try int(UInt8.self) {
        case 0: break
        case 1:
            let key = try key()
            let names = try string().split(separator: " ").map(String.init)
            catalog.orderRegister = Register(key: key, value: TypeCatalog.TypeOrder(names))
        default: throw CacheDecodeError()
        }
        for _ in 0..<(try int(UInt32.self)) {
            let key = try key()
            catalog.add(TypeCatalog.Rename(key: key, from: try string(), to: try string()))
        }
        return catalog
    }

    var isAtEnd: Bool { offset == buffer.count }
}

extension Interner {
    /// Adds the devices of the catalog's keys (a snapshot's device table must hold them).
    mutating func addKeyDevices(of catalog: TypeCatalog) {
        for (_, r) in catalog.definitions.sorted(by: { $0.key < $1.key }) { _ = index(of: r.key.device) }
        for (_, r) in catalog.goalRegisters.sorted(by: { $0.key < $1.key }) { _ = index(of: r.key.device) }
        for (_, r) in catalog.favoriteRegisters.sorted(by: { $0.key < $1.key }) { _ = index(of: r.key.device) }
        if let r = catalog.orderRegister { _ = index(of: r.key.device) }
        for rename in catalog.renames.sorted() { _ = index(of: rename.key.device) }
    }
}

extension LedgerState {
    static let magic: StaticString = "ALOGSTATE8"

    /// A compact binary snapshot for the projection cache: the interned tables, the plain
    /// entries as fixed-size rows (plus their notes), then the tracked records with their
    /// registers' keys.
    package func serialized() -> [UInt8] {
        var keyDevices = devices
        for record in tracked.values {
            for key in [
                record.created, record.type?.key, record.at?.key, record.note?.key, record.visibility?.key,
                record.timer?.key, record.end?.key,
            ] {
                if let key { _ = keyDevices.index(of: key.device) }
            }
            for (_, r) in record.tags.sorted(by: { $0.key < $1.key }) { _ = keyDevices.index(of: r.key.device) }
        }
        keyDevices.addKeyDevices(of: catalog)
        var w = ByteWriter(
            magic: Self.magic, devices: keyDevices.strings,
            capacity: plainCount * 48 + tracked.count * 160 + otherEventIDs.count * 8)
        w.int(UInt32(typeNames.count))
        for name in typeNames.strings { w.string(name) }
        w.stamp(maxStamp)
        w.int(Int64(duplicateEvents))
        w.int(Int64(eventCount))
        w.int(UInt32(plainCount))
        for entry in plain where !entry.isMoved {
            w.int(entry.id.rawValue)
            w.stamp(entry.stamp)
            w.int(entry.device)
            w.int(entry.type)
            w.instant(entry.at)
            w.string(entry.note)
        }
        w.int(UInt32(tracked.count))
        for (id, record) in tracked {
            w.int(id.rawValue)
            var flags: UInt8 = 0
            if record.created != nil { flags |= 1 }
            if record.type != nil { flags |= 2 }
            if record.at != nil { flags |= 4 }
            if record.note != nil { flags |= 8 }
            if record.visibility != nil { flags |= 16 }
            if record.timer != nil { flags |= 32 }
            if record.end != nil { flags |= 64 }
            if !record.tags.isEmpty { flags |= 128 }
            w.int(flags)
            if let created = record.created { w.key(created) }
            if let r = record.type {
                w.key(r.key)
                w.string(r.value)
            }
            if let r = record.at {
                w.key(r.key)
                w.instant(r.value)
            }
            if let r = record.note {
                w.key(r.key)
                w.string(r.value)
            }
            if let r = record.visibility {
                w.key(r.key)
                w.int(r.value.rawValue)
            }
            if let r = record.timer {
                w.key(r.key)
                w.int(r.value.goalSeconds)
                w.task(r.value.task)
                w.int(UInt8(r.value.ref == nil ? 0 : 1))
                if let ref = r.value.ref { w.string(ref) }
            }
            if let r = record.end {
                w.key(r.key)
                w.instant(r.value)
            }
            if !record.tags.isEmpty {
                w.int(UInt32(record.tags.count))
                for (tag, r) in record.tags.sorted(by: { $0.key < $1.key }) {
                    w.string(tag)
                    w.key(r.key)
                    w.int(r.value.rawValue)
                }
            }
        }
        w.int(UInt32(otherEventIDs.count))
        for id in otherEventIDs { w.int(id.rawValue) }
        w.catalog(catalog)
        return w.finish()
    }

    /// Restores a snapshot; nil when the bytes are not a snapshot of this format.
    package init?(serialized buffer: UnsafeRawBufferPointer) {
        self.init()
        do {
            var r = try ByteReader(buffer, magic: Self.magic)
            for device in r.devices { _ = devices.index(of: device) }
            for _ in 0..<(try r.int(UInt32.self)) { _ = typeNames.index(of: try r.string()) }
            maxStamp = try r.stamp()
            duplicateEvents = Int(try r.int(Int64.self))
            eventCount = Int(try r.int(Int64.self))
            let rows = Int(try r.int(UInt32.self))
            plain.reserveCapacity(rows)
            index.reserveCapacity(rows)
            for position in 0..<rows {
                let id = EventID(rawValue: try r.int(UInt64.self))
                let stamp = try r.stamp()
                let device = try r.int(UInt32.self)
                let type = try r.int(UInt32.self)
                let at = try r.instant()
                let note = try r.string()
                guard device < devices.count, type < typeNames.count,
                    index.updateValue(UInt32(position), forKey: id) == nil
                else { return nil }
                plain.append(PlainEntry(id: id, stamp: stamp, at: at, device: device, type: type, note: note))
            }
            let trackedCount = Int(try r.int(UInt32.self))
            tracked.reserveCapacity(trackedCount)
            index.reserveCapacity(rows + trackedCount)
            for _ in 0..<trackedCount {
                let id = EventID(rawValue: try r.int(UInt64.self))
                let flags = try r.int(UInt8.self)
                var record = EntryRecord()
                if flags & 1 != 0 { record.created = try r.key() }
                if flags & 2 != 0 { record.type = Register(key: try r.key(), value: try r.string()) }
                if flags & 4 != 0 { record.at = Register(key: try r.key(), value: try r.instant()) }
                if flags & 8 != 0 { record.note = Register(key: try r.key(), value: try r.string()) }
                if flags & 16 != 0 {
                    let key = try r.key()
                    guard let value = Visibility(rawValue: try r.int(UInt8.self)) else { return nil }
                    record.visibility = Register(key: key, value: value)
                }
                if flags & 32 != 0 {
                    let key = try r.key()
                    let goal = try r.int(Int64.self)
                    let task = try r.task()
                    let ref = try r.int(UInt8.self) == 0 ? nil : try r.string()
                    record.timer = Register(key: key, value: TimerFacts(goalSeconds: goal, task: task, ref: ref))
                }
                if flags & 64 != 0 { record.end = Register(key: try r.key(), value: try r.instant()) }
                if flags & 128 != 0 {
                    for _ in 0..<(try r.int(UInt32.self)) {
                        let tag = try r.string()
                        let key = try r.key()
                        guard let mark = TagMark(rawValue: try r.int(UInt8.self)) else { return nil }
                        record.tags[tag] = Register(key: key, value: mark)
                    }
                }
                guard index.updateValue(Self.trackedMark, forKey: id) == nil else { return nil }
                tracked[id] = record
            }
            let otherCount = Int(try r.int(UInt32.self))
            otherEventIDs.reserveCapacity(otherCount)
            for _ in 0..<otherCount { otherEventIDs.insert(EventID(rawValue: try r.int(UInt64.self))) }
            catalog = try r.catalog()
            guard r.isAtEnd else { return nil }
        } catch {
            return nil
        }
    }
}

extension StatusSummary {
    static let magic: StaticString = "ALOGSUMMARY6"

    package func serialized() -> [UInt8] {
        var keyDevices = Interner()
        for (_, value) in latest.sorted(by: { $0.key < $1.key }) { _ = keyDevices.index(of: value.created.device) }
        keyDevices.addKeyDevices(of: catalog)
        for timer in recentTimers { _ = keyDevices.index(of: timer.created.device) }
        var w = ByteWriter(magic: Self.magic, devices: keyDevices.strings)
        w.stamp(maxStamp)
        w.int(UInt32(latest.count))
        for (type, value) in latest.sorted(by: { $0.key < $1.key }) {
            w.string(type)
            w.int(value.id.rawValue)
            w.instant(value.at)
            w.key(value.created)
        }
        w.catalog(catalog)
        w.int(UInt32(unresolvedTargets.count))
        for id in unresolvedTargets.sorted() { w.int(id.rawValue) }
        w.int(UInt32(recentTimers.count))
        for timer in recentTimers {
            w.int(timer.id.rawValue)
            w.string(timer.type)
            w.instant(timer.at)
            w.string(timer.note ?? "")
            w.key(timer.created)
            w.int(timer.goalSeconds ?? 0)
            // Bit 0: an end follows; bit 1: a later event set its end or note (`editedTimers`).
            w.int(UInt8((timer.end != nil ? 1 : 0) | (editedTimers.contains(timer.id) ? 2 : 0)))
            if let end = timer.end { w.instant(end) }
            w.task(timer.task)
        }
        w.int(UInt32(taskBindings.count))
        for (id, task) in taskBindings.sorted(by: { $0.key < $1.key }) {
            w.int(id.rawValue)
            w.task(task)
        }
        return w.finish()
    }

    package init?(serialized buffer: UnsafeRawBufferPointer) {
        self.init()
        do {
            var r = try ByteReader(buffer, magic: Self.magic)
            maxStamp = try r.stamp()
            for _ in 0..<(try r.int(UInt32.self)) {
                let type = try r.string()
                let id = EventID(rawValue: try r.int(UInt64.self))
                latest[type] = Latest(id: id, at: try r.instant(), created: try r.key())
            }
            catalog = try r.catalog()
            for _ in 0..<(try r.int(UInt32.self)) {
                unresolvedTargets.insert(EventID(rawValue: try r.int(UInt64.self)))
            }
            for _ in 0..<(try r.int(UInt32.self)) {
                let id = EventID(rawValue: try r.int(UInt64.self))
                let type = try r.string()
                let at = try r.instant()
                let note = try r.string()
                let created = try r.key()
                let goal = try r.int(Int64.self)
                let endFlag = try r.int(UInt8.self)
                guard endFlag <= 3 else { throw CacheDecodeError() }
                let end = endFlag & 1 != 0 ? try r.instant() : nil
                if endFlag & 2 != 0 { editedTimers.insert(id) }
                let task = try r.task()
                recentTimers.append(
                    Entry(
                        id: id, type: type, at: at, note: note.isEmpty ? nil : note, isDeleted: false, created: created,
                        isTimed: true, end: end, goalSeconds: goal > 0 ? goal : nil, task: task))
            }
            for _ in 0..<(try r.int(UInt32.self)) {
                let id = EventID(rawValue: try r.int(UInt64.self))
                guard let task = try r.task() else { throw CacheDecodeError() }
                taskBindings[id] = task
            }
            guard r.isAtEnd else { return nil }
        } catch {
            return nil
        }
    }
}
