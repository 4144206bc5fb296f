import LedgerCore
import LedgerStore
import LedgerSystem

/// What a tap and a status bar need to know about the queue without reading it: how many
/// elements it holds and what its items add to the optimistic view. It lives in
/// `queue.digest` beside the queue (a `CacheFile`), keyed by the identities of the two files
/// it describes, and is written by every writer of the queue after the queue itself.
///
/// A digest is believed only for the very files it describes. The array file
/// (`PendingActivities.json`) is matched by its identity and its last bytes: every write of it
/// by this program makes a new file (a rename), so an array written by anyone else no longer
/// matches; file times tick coarsely (a few milliseconds on ext4), so a rewrite in place to the
/// same size right after a write could keep the identity, and would have to keep the last
/// item's text as well to be missed. The log (`queue.log`) is matched by its identity, which
/// every append changes (size and times); only alog writes it, under `queue.lock`, and a tap
/// writes the digest after its record, so a tap killed in between, or an append that never
/// finished, leaves a digest that no longer matches, and the reader reads the queue in full.
struct QueueDigest: Equatable {
    /// Version 4 added the log; 3 the processed count, the positions of the latest adds and the
    /// pending removals. A digest of another version is not believed (the queue is read in
    /// full once).
    static let keyPrefix = "alog-queue-digest-4 "
    /// How many of the array file's last bytes the key covers.
    static let tailLength = 64

    /// The array file this describes (`FileIdentity.unknown` for none).
    var identity: FileIdentity
    /// Checksum of the array file's last `tailLength` bytes.
    var tail: UInt64
    /// The log this describes (`FileIdentity.unknown` for none).
    var log: FileIdentity
    /// The counts and what the items add to the view, before known failures are removed.
    var overlay = QueueOverlay()

    init(identity: FileIdentity?, text: [UInt8], log: FileIdentity?, queue: PendingQueue) {
        self.identity = identity ?? .unknown
        tail = Self.checksum(tail: text.suffix(Self.tailLength))
        self.log = log ?? .unknown
        for element in queue.elements { overlay.add(try? element.item.get()) }
    }

    /// Counts one more element.
    mutating func add(_ item: PendingItem?) { overlay.add(item) }

    /// The view of `cache` with the queue's items on top, as a full read would make it; nil when
    /// some queued time lies beyond the view's cut-off at `now` (only the items themselves can
    /// say which time shows instead).
    func view(over cache: [String: Int64], now: Int64, zone: any TimeZoneRules) -> WidgetView? {
        overlay.view(over: cache, now: now, zone: zone)
    }

    static func checksum(tail: some Collection<UInt8>) -> UInt64 {
        Array(tail.suffix(tailLength)).withUnsafeBytes(CacheFile.checksum)
    }

    /// Whether this describes the array file with `identity` (nil: there is none) whose last
    /// bytes are `tail`.
    func describes(array identity: FileIdentity?, tail: [UInt8]) -> Bool {
        (identity ?? .unknown) == self.identity && Self.checksum(tail: tail) == self.tail
    }

    /// Whether this describes the log with `identity` (nil: there is none).
    func describes(log identity: FileIdentity?) -> Bool {
        (identity ?? .unknown) == log
    }

    var key: String { Self.keyPrefix + identity.text + " \(tail) " + log.text }

    /// `<elements> <pending> <processed>`, the latest times (a LastKnownActivities object), their
    /// positions (the same shape), then one line per removal: `<type> <date> <position>`.
    var payload: [UInt8] {
        var out = Array("\(overlay.elements) \(overlay.pending) \(overlay.processed)\n".utf8)
        out += LastKnownActivities.encode(overlay.latest.mapValues(\.time)) + [UInt8(ascii: "\n")]
        out += LastKnownActivities.encode(overlay.latest.mapValues { Int64($0.position) }) + [UInt8(ascii: "\n")]
        for removal in overlay.removals {
            out += Array("\(removal.type) \(removal.date.iso) \(removal.position)\n".utf8)
        }
        return out
    }

    init?(key: String, payload: ArraySlice<UInt8>) {
        let fields = key.dropFirst(Self.keyPrefix.count).split(separator: " ")
        guard key.hasPrefix(Self.keyPrefix), fields.count == 9,
            let identity = FileIdentity(text: Substring(fields[0..<4].joined(separator: " "))),
            let tail = UInt64(fields[4]),
            let log = FileIdentity(text: Substring(fields[5..<9].joined(separator: " ")))
        else { return nil }
        let lines = payload.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count >= 4, lines.last?.isEmpty == true else { return nil }
        let counts = String(decoding: lines[0], as: UTF8.self).split(separator: " ")
        guard counts.count == 3, let elements = Int(counts[0]), let pending = Int(counts[1]),
            let processed = Int(counts[2]), let times = LastKnownActivities.decode(Array(lines[1])),
            let positions = LastKnownActivities.decode(Array(lines[2])), Set(times.keys) == Set(positions.keys)
        else { return nil }
        var overlay = QueueOverlay()
        (overlay.elements, overlay.pending, overlay.processed) = (elements, pending, processed)
        for (type, time) in times { overlay.latest[type] = (time, Int(positions[type]!)) }
        for line in lines[3..<(lines.count - 1)] {
            let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
            guard parts.count == 3, let date = ISO8601.parse(String(parts[1])), !date.hasTime,
                let position = Int(parts[2])
            else { return nil }
            overlay.removals.append(
                QueueOverlay.Removal(
                    type: String(parts[0]), date: CivilDate(daysSinceEpoch: floorDiv(date.localSeconds, 86_400)),
                    position: position))
        }
        self.identity = identity
        self.tail = tail
        self.log = log
        self.overlay = overlay
    }
}
