/// Little-endian binary writer/reader for the projection caches (fast to load, versioned by a
/// magic header; a cache that fails to decode is simply rebuilt from the events).
struct ByteWriter {
    var bytes: [UInt8] = []
    var devices: [String: UInt32] = [:]
    var deviceList: [String] = []

    mutating func int<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        let utf8 = Array(value.utf8)
        int(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func deviceIndex(_ device: String) -> UInt32 {
        if let index = devices[device] { return index }
        let index = UInt32(deviceList.count)
        devices[device] = index
        deviceList.append(device)
        return index
    }

    mutating func stamp(_ stamp: Stamp) {
        int(stamp.millis)
        int(stamp.counter)
    }

    mutating func key(_ key: OrderKey) {
        stamp(key.stamp)
        int(deviceIndex(key.device))
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
    }

    /// Header + device table + body: devices are collected while the body is written.
    static func finish(magic: StaticString, body: ByteWriter) -> [UInt8] {
        var header = ByteWriter()
        header.bytes.reserveCapacity(body.bytes.count + 64 + body.deviceList.count * 40)
        header.bytes.append(contentsOf: UnsafeRawBufferPointer(start: magic.utf8Start, count: magic.utf8CodeUnitCount))
        header.int(UInt32(body.deviceList.count))
        for device in body.deviceList { header.string(device) }
        header.bytes.append(contentsOf: body.bytes)
        return header.bytes
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
        ActivityTypeDefinition(name: try string(), icon: try string(), group: try string(), color: try string())
    }

    var isAtEnd: Bool { offset == buffer.count }
}

extension LedgerState {
    static let magic: StaticString = "ALOGSTATE1"

    /// A compact binary snapshot for the projection cache.
    public func serialized() -> [UInt8] {
        var w = ByteWriter()
        w.bytes.reserveCapacity(records.count * 150 + eventIDs.count * 8 + 1024)
        w.stamp(maxStamp)
        w.int(Int64(duplicateEvents))
        w.int(UInt32(records.count))
        for (id, record) in records {
            w.int(id.rawValue)
            var flags: UInt8 = 0
            if record.created != nil { flags |= 1 }
            if record.type != nil { flags |= 2 }
            if record.at != nil { flags |= 4 }
            if record.note != nil { flags |= 8 }
            if record.visibility != nil { flags |= 16 }
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
        }
        w.int(UInt32(eventIDs.count))
        for id in eventIDs { w.int(id.rawValue) }
        w.int(UInt32(typeRegisters.count))
        for (_, r) in typeRegisters {
            w.key(r.key)
            w.definition(r.value)
        }
        return ByteWriter.finish(magic: Self.magic, body: w)
    }

    /// Restores a snapshot; nil when the bytes are not a snapshot of this format.
    public init?(serialized buffer: UnsafeRawBufferPointer) {
        do {
            var r = try ByteReader(buffer, magic: Self.magic)
            maxStamp = try r.stamp()
            duplicateEvents = Int(try r.int(Int64.self))
            let recordCount = Int(try r.int(UInt32.self))
            records.reserveCapacity(recordCount)
            for _ in 0..<recordCount {
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
                records[id] = record
            }
            let idCount = Int(try r.int(UInt32.self))
            eventIDs.reserveCapacity(idCount)
            for _ in 0..<idCount { eventIDs.insert(EventID(rawValue: try r.int(UInt64.self))) }
            let typeCount = Int(try r.int(UInt32.self))
            for _ in 0..<typeCount {
                let key = try r.key()
                let definition = try r.definition()
                typeRegisters[definition.name] = Register(key: key, value: definition)
            }
            guard r.isAtEnd else { return nil }
        } catch {
            return nil
        }
    }
}

extension StatusSummary {
    static let magic: StaticString = "ALOGSUMMARY1"

    public func serialized() -> [UInt8] {
        var w = ByteWriter()
        w.stamp(maxStamp)
        w.int(UInt32(latest.count))
        for (type, value) in latest.sorted(by: { $0.key < $1.key }) {
            w.string(type)
            w.int(value.id.rawValue)
            w.instant(value.at)
            w.key(value.created)
        }
        w.int(UInt32(definedTypes.count))
        for (_, r) in definedTypes.sorted(by: { $0.key < $1.key }) {
            w.key(r.key)
            w.definition(r.value)
        }
        w.int(UInt32(unresolvedTargets.count))
        for id in unresolvedTargets.sorted() { w.int(id.rawValue) }
        return ByteWriter.finish(magic: Self.magic, body: w)
    }

    public init?(serialized buffer: UnsafeRawBufferPointer) {
        do {
            var r = try ByteReader(buffer, magic: Self.magic)
            maxStamp = try r.stamp()
            for _ in 0..<(try r.int(UInt32.self)) {
                let type = try r.string()
                let id = EventID(rawValue: try r.int(UInt64.self))
                latest[type] = Latest(id: id, at: try r.instant(), created: try r.key())
            }
            for _ in 0..<(try r.int(UInt32.self)) {
                let key = try r.key()
                let definition = try r.definition()
                definedTypes[definition.name] = Register(key: key, value: definition)
            }
            for _ in 0..<(try r.int(UInt32.self)) {
                unresolvedTargets.insert(EventID(rawValue: try r.int(UInt64.self)))
            }
            guard r.isAtEnd else { return nil }
        } catch {
            return nil
        }
    }
}
