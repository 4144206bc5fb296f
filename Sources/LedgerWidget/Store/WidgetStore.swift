import LedgerCore
import LedgerGitLayout
import LedgerStore
import LedgerSystem

/// The widget's device-local state, in `<git dir>/alog/widget/` (never tracked, per clone):
///
///     PendingActivities.json     the queue: taps waiting to be committed (the iOS widgets' file)
///     LastKnownActivities.json   type → unix seconds, refreshed from the vault (the iOS widgets' file)
///     types                      the vault's type names in use, one per line (for checking taps)
///     removed-types              the names of its removed types, one per line (possibly none)
///     running-timer              the timer running at HEAD, if any (see RunningTimer)
///     queue.digest               the queue's count and view overlay, keyed by the queue
///                                file's identity (see QueueDigest)
///     failures                   `key<TAB>reason` of items the last drain could not commit
///     drain.journal              present only while a drain is committing (see DrainJournal)
///     queue.lock, drain.lock     flock(2) locks; the kernel drops them when a process dies
///     PendingActivities.damaged-<ms>.json   unreadable queue text saved aside, never deleted
///
/// Every file is replaced atomically (written beside, then renamed), so readers never take a
/// lock and never see half a file. Writers of the queue hold `queue.lock` for microseconds;
/// a drain holds `drain.lock` for its whole run, so two drains never overlap.
///
/// Nothing here opens the git repository: a tap or a status-bar refresh costs a few file reads.
public final class WidgetStore {
    /// The folder and its files (named in `StateDirectory`).
    public let files: StateDirectory.WidgetFiles
    public var directory: String { files.path }

    public init(stateDirectory: StateDirectory) {
        files = stateDirectory.widget
    }

    public var queuePath: String { files.queue }
    public var lastKnownPath: String { files.lastKnown }
    public var runningTimerPath: String { files.runningTimer }
    var typesPath: String { files.types }
    var removedTypesPath: String { files.removedTypes }
    var failuresPath: String { files.failures }
    var journalPath: String { files.journal }
    var digestPath: String { files.digest }

    /// Creates the directory on first use. One `stat` on the hot paths (every tap, every
    /// cache refresh after a write) instead of a `mkdir` per path component.
    private func ensureDirectory() throws {
        if !FileSystem.isDirectory(directory) { try FileSystem.makeDirectories(directory) }
    }

    // MARK: - Reading (no locks)

    /// The queue with what `alog widget pending` reports beside it, read without locks.
    public struct Snapshot: Sendable {
        public var queue: PendingQueue
        /// Item key → why the last drain could not commit it.
        public var failures: [String: String]
        /// Queue text saved aside because it could not be read.
        public var savedAside: [String]
        public var drainInterrupted: Bool
    }

    public func snapshot() -> Snapshot {
        Snapshot(
            queue: readQueue(), failures: readFailures(),
            savedAside: FileSystem.list(directory).filter {
                $0.hasPrefix(StateDirectory.WidgetFiles.damagedQueuePrefix)
            }.sorted(),
            drainInterrupted: FileSystem.exists(journalPath))
    }

    func readQueue() -> PendingQueue {
        guard let bytes = try? FileSystem.read(queuePath) else { return PendingQueue() }
        return PendingQueue(parsing: bytes)
    }

    public func readLastKnown() -> [String: Int64] {
        guard let bytes = try? FileSystem.read(lastKnownPath) else { return [:] }
        return LastKnownActivities.decode(bytes) ?? [:]
    }

    /// The running timer as of the last refresh; nil when none runs, or when the file is missing
    /// or of another version (`RunningTimer`).
    public func readRunningTimer() -> RunningTimer? {
        guard let bytes = try? FileSystem.read(runningTimerPath), let decoded = RunningTimer.decode(bytes) else {
            return nil
        }
        return decoded
    }

    /// True when every file the vault refreshes is there in its current version: the cache, the
    /// type names (the removed ones since they have a file), and the running timer (written
    /// since `alog-running-timer-1`). Otherwise the next command that opens the vault (or a
    /// warm `status`) writes them from the summary.
    public var cacheIsCurrent: Bool {
        guard FileSystem.exists(lastKnownPath), knowsTypes, FileSystem.exists(removedTypesPath),
            let bytes = try? FileSystem.read(runningTimerPath)
        else {
            return false
        }
        return RunningTimer.decode(bytes) != nil
    }

    /// True when the vault's type names in use are here. Until the first refresh (a new clone)
    /// a tap can only tell the built-in types. The removed names (`removed-types`, written
    /// since types can be removed) only change the wording of a refusal: without them a removed
    /// type is refused as unknown, so a vault that cannot be refreshed (damaged) keeps tapping.
    public var knowsTypes: Bool { FileSystem.exists(typesPath) }

    /// The vault's type names as of its last refresh: in use, and removed; nil before the first.
    func readTypeNames() -> (inUse: Set<String>, removed: Set<String>)? {
        guard let inUse = try? FileSystem.readString(typesPath) else { return nil }
        let removed = (try? FileSystem.readString(removedTypesPath)) ?? ""
        return (
            Set(inUse.split(separator: "\n").map(String.init)), Set(removed.split(separator: "\n").map(String.init))
        )
    }

    func readFailures() -> [String: String] {
        guard let text = try? FileSystem.readString(failuresPath) else { return [:] }
        var failures: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { failures[String(parts[0])] = String(parts[1]) }
        }
        return failures
    }

    /// True when a drain has something to do: items queued, or a drain to finish.
    public var hasWork: Bool {
        if FileSystem.exists(journalPath) { return true }
        guard let size = FileSystem.size(queuePath) else { return false }
        return size > 3
    }

    // MARK: - The queue

    /// Runs `body` on the queue under the queue lock, then writes it back (atomically) if it
    /// changed. Text that cannot be read is first saved aside in a `.damaged-<ms>.json` file,
    /// whose path is returned, and the readable items are kept.
    @discardableResult
    public func updateQueue<T>(_ body: (inout PendingQueue) throws -> T) throws -> (result: T, savedAside: String?) {
        try withQueueLock { try updateQueueLocked(body) }
    }

    /// Runs `body` while holding `queue.lock`.
    private func withQueueLock<T>(_ body: () throws -> T) throws -> T {
        let lock = try writableLock(files.queueLock)
        defer { withExtendedLifetime(lock) {} }
        return try body()
    }

    private func updateQueueLocked<T>(_ body: (inout PendingQueue) throws -> T) throws -> (
        result: T, savedAside: String?
    ) {
        let read = try FileSystem.readVersion(queuePath)
        let original = read?.bytes ?? []
        var queue = PendingQueue(parsing: original)
        var savedAside: String?
        if let damage = queue.damage {
            let path = directory + StateDirectory.WidgetFiles.damagedQueuePrefix + "\(SystemClock.nowMillis()).json"
            try FileSystem.writeAtomically(path, original)
            savedAside = path + " (line \(damage.line): \(damage.reason))"
            queue.damage = nil
        }
        let result = try body(&queue)
        let updated = queue.encoded()
        var identity = read?.identity
        if updated != original { identity = try FileSystem.writeAtomically(queuePath, updated) }
        if let identity {
            let digest = QueueDigest(identity: identity, text: updated, queue: queue)
            if readDigest() != digest { writeDigest(digest) }
        }
        return (result, savedAside)
    }

    private func readDigest() -> QueueDigest? {
        guard let (key, payload) = try? CacheFile.read(digestPath) else { return nil }
        return QueueDigest(key: key, payload: payload)
    }

    /// A digest that cannot be written costs only speed: the one left in place names another
    /// version of the queue, so nobody believes it.
    private func writeDigest(_ digest: QueueDigest) {
        try? CacheFile.write(digestPath, key: digest.key, payload: digest.payload)
    }

    /// What a tap did.
    public struct Tap: Sendable {
        public var type: String
        public var at: LocalInstant
        /// Elements waiting in the queue now, this one included (`QueueCounts.waiting`: processed
        /// actions, kept for their app, are not counted).
        public var queued: Int
        public var savedAside: String?
    }

    /// The widget's button: queues an activity. The type must be one in use at the vault's last
    /// refresh (a removed one is refused as `log` refuses it); before the first refresh, a
    /// built-in type. The drain checks again.
    ///
    /// When the queue file is the version the digest describes, the tap reads only its last
    /// bytes, and the new file is its old text (copied inside the kernel) with the item spliced
    /// in before the closing bracket, so a tap costs nearly the same on a long queue as on an
    /// empty one. Otherwise (a queue written by someone else, or unreadable) the queue is read
    /// in full, unreadable text is saved aside, and the digest is made anew.
    public func tap(type rawType: String, at: LocalInstant) throws -> Tap {
        let type = rawType.lowercased()
        if let reason = ActivityTypes.validateName(type) { throw WidgetError.invalidType(rawType, reason: reason) }
        if let names = readTypeNames() {
            if !names.inUse.contains(type) {
                if names.removed.contains(type) { throw WidgetError.removedType(type) }
                throw WidgetError.unknownType(type, known: names.inUse.sorted())
            }
        } else if ActivityTypes.builtIn(type) == nil {
            throw WidgetError.unknownType(type, known: ActivityTypes.builtIns.map(\.name).sorted())
        }
        let element = PendingQueue.Element.activity(type: type, time: at.seconds)
        return try withQueueLock {
            if let queued = try appendByDigest(element, item: .activity(type: type, time: at.seconds)) {
                return Tap(type: type, at: at, queued: queued, savedAside: nil)
            }
            let (queued, savedAside) = try updateQueueLocked { queue -> Int in
                queue.elements.append(element)
                return QueueCounts(queue, failures: [:]).waiting
            }
            return Tap(type: type, at: at, queued: queued, savedAside: savedAside)
        }
    }

    /// Appends `element` without reading the queue, when the digest vouches for the file;
    /// returns the number of elements queued now, or nil (nothing written) otherwise.
    private func appendByDigest(_ element: PendingQueue.Element, item: PendingItem) throws -> Int? {
        guard var digest = readDigest() else { return nil }
        var newTail: [UInt8] = []
        let written = try FileSystem.replaceTail(queuePath, reading: QueueDigest.tailLength) { tail, identity in
            guard digest.describes(identity, tail: tail), let (keep, separator) = PendingQueue.splicePoint(tail: tail)
            else { return nil }
            let end = separator + element.raw + [UInt8(ascii: "\n"), UInt8(ascii: "]"), UInt8(ascii: "\n")]
            newTail = tail[..<keep] + end
            return (keep, end)
        }
        guard let written else { return nil }
        digest.identity = written
        digest.tail = QueueDigest.checksum(tail: newTail)
        digest.add(item)
        writeDigest(digest)
        return digest.overlay.waiting
    }

    /// The optimistic view: the cache, the queue and the running timer, read without locks.
    /// When no drain has left failures behind and the digest describes the queue file, the
    /// queue is not read. `zone` gives the local dates a queued `quick_remove` names.
    public func view(now: Int64, zone: any TimeZoneRules) -> WidgetView {
        var view = queueView(now: now, zone: zone)
        view.timer = readRunningTimer()
        return view
    }

    private func queueView(now: Int64, zone: any TimeZoneRules) -> WidgetView {
        let cache = readLastKnown()
        let failing = readFailures()
        if failing.isEmpty, let digest = readDigest(),
            let (tail, identity) = try? FileSystem.readTail(queuePath, count: QueueDigest.tailLength),
            digest.describes(identity, tail: tail), let view = digest.view(over: cache, now: now, zone: zone)
        {
            return view
        }
        var items: [PendingItem?] = []
        if let bytes = try? FileSystem.read(queuePath) {
            _ = bytes.withUnsafeBytes { buffer in
                PendingQueue.scan(buffer) { raw, _ in items.append(PendingQueue.item(raw)) }
            }
        }
        return WidgetView(lastKnown: cache, queue: items, failing: Set(failing.keys), now: now, zone: zone)
    }

    /// Removes queue elements by their 1-based position (as `alog widget pending` numbers them).
    public func discard(_ numbers: [Int]) throws -> [PendingQueue.Element] {
        try updateQueue { queue -> [PendingQueue.Element] in
            for number in numbers where !(1...max(1, queue.elements.count)).contains(number) || queue.elements.isEmpty {
                throw WidgetError.noSuchItem(number, count: queue.elements.count)
            }
            let doomed = Set(numbers.map { $0 - 1 })
            let removed = doomed.sorted().map { queue.elements[$0] }
            queue.elements = queue.elements.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
            return removed
        }.result
    }

    // MARK: - Written from the vault

    /// Replaces the cache with a summary of the vault's HEAD (the vault wins over the cache) and
    /// records the vault's type names and its running timer; files are rewritten only when their
    /// content changes.
    public func refresh(from summary: StatusSummary) throws {
        try ensureDirectory()
        let cache = LastKnownActivities.encode(summary.lastKnownActivities) + [UInt8(ascii: "\n")]
        if (try? FileSystem.read(lastKnownPath)) != cache { try FileSystem.writeAtomically(lastKnownPath, cache) }
        func lines(_ names: [String]) -> [UInt8] { Array(names.sorted().map { $0 + "\n" }.joined().utf8) }
        let names = lines(summary.types.map(\.name))
        if (try? FileSystem.read(typesPath)) != names { try FileSystem.writeAtomically(typesPath, names) }
        let removed = lines(summary.allTypes.filter(\.archived).map(\.name))
        if (try? FileSystem.read(removedTypesPath)) != removed {
            try FileSystem.writeAtomically(removedTypesPath, removed)
        }
        let running = RunningTimer.encode(RunningTimer(summary: summary))
        if (try? FileSystem.read(runningTimerPath)) != running {
            try FileSystem.writeAtomically(runningTimerPath, running)
        }
    }

    public func writeFailures(_ failures: [String: String]) throws {
        guard !failures.isEmpty else {
            FileSystem.remove(failuresPath)
            return
        }
        let text = failures.sorted { $0.key < $1.key }.map { key, reason in
            key.replacing("\t", with: " ") + "\t" + reason.replacing("\t", with: " ").replacing("\n", with: " ")
        }
        try FileSystem.writeAtomically(failuresPath, Array((text.joined(separator: "\n") + "\n").utf8))
    }

    // MARK: - Draining

    /// Held for a whole drain; blocks while another process drains.
    public func lockDrain() throws -> FileLock {
        return try writableLock(files.drainLock)
    }

    /// A lock of the widget's folder; one this process may not create or open (a read-only
    /// mount, permissions) is said in alog's words.
    private func writableLock(_ path: String) throws -> FileLock {
        do {
            try ensureDirectory()
            return try FileLock(path: path)
        } catch let failure as FileSystem.Failure where failure.isWriteDenied {
            throw WidgetError.notWritable(path: path, reason: failure.reason)
        }
    }

    /// The journal of a drain that did not finish, if any. An unreadable journal is saved
    /// aside (and reported by the caller) rather than guessed at.
    public func readJournal() throws -> (journal: DrainJournal?, savedAside: String?) {
        guard let bytes = try FileSystem.read(journalPath) else { return (nil, nil) }
        if let journal = DrainJournal(decoding: bytes) { return (journal, nil) }
        let aside = directory + "drain.journal.damaged-\(SystemClock.nowMillis())"
        try FileSystem.writeAtomically(aside, bytes)
        FileSystem.remove(journalPath)
        return (nil, aside)
    }

    public func writeJournal(_ journal: DrainJournal) throws {
        try FileSystem.writeAtomically(journalPath, journal.encoded())
    }

    public func removeJournal() {
        FileSystem.remove(journalPath)
    }
}
