import LedgerCore
import LedgerStore
import LedgerSystem

/// What a tap and a status bar need to know about the queue without reading it: how many
/// elements it holds and what its items add to the optimistic view. It lives in
/// `queue.digest` beside the queue (a `CacheFile`), keyed by the identity of the queue file it
/// describes, and is written by every writer of the queue after the queue itself.
///
/// A digest is believed only for the very file it describes: every write of the queue by this
/// program makes a new file (a rename), so a queue written by anyone else, or a digest left
/// behind by a crash, no longer matches, and the reader reads the queue in full. The last
/// bytes of the file are part of the key too: file times tick coarsely (a few milliseconds on
/// ext4), so a rewrite in place to the same size right after a tap could keep the identity;
/// it would have to keep the last item's text as well to be missed.
struct QueueDigest: Equatable {
    /// Version 3 added the processed count, the positions of the latest adds and the pending
    /// removals; a digest of another version is not believed (the queue is read in full once).
    static let keyPrefix = "alog-queue-digest-3 "
    /// How many of the file's last bytes the key covers (read anyway to splice a tap in).
    static let tailLength = 64

    /// The queue file this describes.
    var identity: FileIdentity
    /// Checksum of the file's last `tailLength` bytes.
    var tail: UInt64
    /// The counts and what the items add to the view, before known failures are removed.
    var overlay = QueueOverlay()

    init(identity: FileIdentity, text: [UInt8], queue: PendingQueue) {
        self.identity = identity
        tail = Self.checksum(tail: text.suffix(Self.tailLength))
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

    /// Whether this describes the file with `identity` whose last bytes are `tail`.
    func describes(_ identity: FileIdentity, tail: [UInt8]) -> Bool {
        identity == self.identity && Self.checksum(tail: tail) == self.tail
    }

    var key: String { Self.keyPrefix + identity.text + " \(tail)" }

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
        let fields = key.dropFirst(Self.keyPrefix.count)
        guard key.hasPrefix(Self.keyPrefix), let space = fields.lastIndex(of: " "),
            let identity = FileIdentity(text: fields[..<space]),
            let tail = UInt64(fields[fields.index(after: space)...])
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
        self.overlay = overlay
    }
}
