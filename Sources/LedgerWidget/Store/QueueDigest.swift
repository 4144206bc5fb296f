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
    static let keyPrefix = "alog-queue-digest-2 "
    /// How many of the file's last bytes the key covers (read anyway to splice a tap in).
    static let tailLength = 64

    /// The queue file this describes.
    var identity: FileIdentity
    /// Checksum of the file's last `tailLength` bytes.
    var tail: UInt64
    /// Elements in the array, readable or not (what a tap reports as waiting).
    var elements = 0
    /// Items still pending (the view's `pendingCount`, before known failures are removed).
    var pending = 0
    /// Type → the latest time a queued item shows for it (before the view's future cut-off).
    var latest: [String: Int64] = [:]

    init(identity: FileIdentity, text: [UInt8], queue: PendingQueue) {
        self.identity = identity
        tail = Self.checksum(tail: text.suffix(Self.tailLength))
        for element in queue.elements {
            elements += 1
            if case .success(let item) = element.item { add(item) }
        }
    }

    /// Counts one more readable item.
    mutating func add(_ item: PendingItem) {
        let (isPending, shown) = WidgetView.contribution(of: item)
        if isPending { pending += 1 }
        if let time = shown, time > latest[item.type] ?? Int64.min { latest[item.type] = time }
    }

    /// The view of `cache` with the queue's items on top, as `WidgetView.include` would make it
    /// item by item; nil when some queued time lies beyond the view's cut-off at `now` (only
    /// the items themselves can say which time shows instead).
    func view(over cache: [String: Int64], now: Int64) -> WidgetView? {
        var view = WidgetView(latest: cache, pendingCount: pending)
        for (type, time) in latest {
            guard time <= now + WidgetView.futureTolerance else { return nil }
            if time > view.latest[type] ?? Int64.min { view.latest[type] = time }
        }
        return view
    }

    static func checksum(tail: some Collection<UInt8>) -> UInt64 {
        Array(tail.suffix(tailLength)).withUnsafeBytes(CacheFile.checksum)
    }

    /// Whether this describes the file with `identity` whose last bytes are `tail`.
    func describes(_ identity: FileIdentity, tail: [UInt8]) -> Bool {
        identity == self.identity && Self.checksum(tail: tail) == self.tail
    }

    var key: String { Self.keyPrefix + identity.text + " \(tail)" }

    var payload: [UInt8] {
        Array("\(elements) \(pending)\n".utf8) + LastKnownActivities.encode(latest) + [UInt8(ascii: "\n")]
    }

    init?(key: String, payload: ArraySlice<UInt8>) {
        let fields = key.dropFirst(Self.keyPrefix.count)
        guard key.hasPrefix(Self.keyPrefix), let space = fields.lastIndex(of: " "),
            let identity = FileIdentity(text: fields[..<space]),
            let tail = UInt64(fields[fields.index(after: space)...]),
            let newline = payload.firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        self.tail = tail
        let counts = String(decoding: payload[..<newline], as: UTF8.self).split(separator: " ")
        guard counts.count == 2, let elements = Int(counts[0]), let pending = Int(counts[1]),
            let latest = LastKnownActivities.decode(Array(payload[(newline + 1)...].dropLast()))
        else { return nil }
        self.identity = identity
        self.elements = elements
        self.pending = pending
        self.latest = latest
    }
}
