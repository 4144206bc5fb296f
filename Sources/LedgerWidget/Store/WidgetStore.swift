package import LedgerCore
package import LedgerGitLayout
internal import LedgerStore
package import LedgerSystem

/// The widget's device-local state, in `<git dir>/alog/widget/` (never tracked, per clone):
///
///     PendingActivities.json     the queue: taps waiting to be committed (the iOS widgets' file,
///                                which other programs write too)
///     queue.log                  the rest of the queue: alog's own taps, one record appended
///                                per tap (see QueueLog)
///     LastKnownActivities.json   type → unix seconds, refreshed from the vault (the iOS widgets' file)
///     types                      the vault's type names in use, one per line (for checking taps)
///     removed-types              the names of its removed types, one per line (possibly none)
///     running-timer              the timer running at HEAD, if any (see RunningTimer)
///     current_task.json          the task whose timer runs at HEAD, if any (see CurrentTaskFile)
///     queue.digest               the queue's count and view overlay, keyed by the identities
///                                of its two files (see QueueDigest)
///     failures                   `key<TAB>reason` of items the last drain could not commit
///     drain.journal              present only while a drain is committing (see DrainJournal)
///     queue.lock, drain.lock     flock(2) locks; the kernel drops them when a process dies
///     PendingActivities.damaged-<ms>.json   unreadable queue text saved aside, never deleted
///
/// Every file but the log is replaced atomically (written beside, then renamed), so readers
/// never take a lock and never see half a file; the log is appended to, and a reader skips a
/// record that is not whole yet. Writers of the queue hold `queue.lock` for microseconds; a
/// drain holds `drain.lock` for its whole run, so two drains never overlap.
///
/// Nothing here opens the git repository: a tap or a status-bar refresh costs a few file reads.
package final class WidgetStore {
    /// The folder and its files (named in `StateDirectory`).
    package let files: StateDirectory.WidgetFiles
    package var directory: String { files.path }

    /// The vault folder's name (`current_task.json`'s `vaultName`); nil where it is not known,
    /// and then that file is left as it is.
    package let vaultName: String?

    package init(stateDirectory: StateDirectory, vaultName: String? = nil) {
        files = stateDirectory.widget
        self.vaultName = vaultName
    }

    package var queuePath: String { files.queue }
    package var queueLogPath: String { files.queueLog }
    package var lastKnownPath: String { files.lastKnown }
    package var runningTimerPath: String { files.runningTimer }
    package var currentTaskPath: String { files.currentTask }
    var typesPath: String { files.types }
    var removedTypesPath: String { files.removedTypes }
    var favoritesPath: String { files.favorites }
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
    package struct Snapshot: Sendable {
        package var queue: PendingQueue
        /// Item key → why the last drain could not commit it.
        package var failures: [String: String]
        /// Queue text saved aside because it could not be read.
        package var savedAside: [String]
        package var drainInterrupted: Bool
    }

    package func snapshot() -> Snapshot {
        Snapshot(
            queue: readQueue(), failures: readFailures(),
            savedAside: FileSystem.list(directory).filter {
                $0.hasPrefix(StateDirectory.WidgetFiles.damagedQueuePrefix)
            }.sorted(),
            drainInterrupted: FileSystem.exists(journalPath))
    }

    /// The queue's files that hold elements of `queue`, for messages: the array file, the log,
    /// or both.
    package func queueFiles(holding queue: PendingQueue) -> String {
        let inLog = queue.elements.contains { $0.origin == .log }
        let inArray = queue.elements.contains { $0.origin == .array }
        if inLog && inArray { return queuePath + " and " + StateDirectory.WidgetFiles.queueLogName }
        return inLog ? queueLogPath : queuePath
    }

    func readQueue() -> PendingQueue {
        PendingQueue(
            parsing: (try? FileSystem.read(queuePath)) ?? [], log: (try? FileSystem.read(queueLogPath)) ?? [])
    }

    package func readLastKnown() -> [String: Int64] {
        guard let bytes = try? FileSystem.read(lastKnownPath) else { return [:] }
        return LastKnownActivities.decode(bytes) ?? [:]
    }

    /// The running timer as of the last refresh; nil when none runs, or when the file is missing
    /// or of another version (`RunningTimer`).
    package func readRunningTimer() -> RunningTimer? {
        guard let bytes = try? FileSystem.read(runningTimerPath), let decoded = RunningTimer.decode(bytes) else {
            return nil
        }
        return decoded
    }

    /// True when every file the vault refreshes is there in its current version: the cache, the
    /// type names (the removed ones since they have a file), and the running timer (written
    /// since `alog-running-timer-1`). Otherwise the next command that opens the vault (or a
    /// warm `status`) writes them from the summary.
    package var cacheIsCurrent: Bool {
        guard let lastKnown = try? FileSystem.read(lastKnownPath), LastKnownActivities.decode(lastKnown) != nil,
            knowsTypes, FileSystem.exists(removedTypesPath), let bytes = try? FileSystem.read(runningTimerPath)
        else {
            return false
        }
        guard let running = RunningTimer.decode(bytes) else { return false }
        // current_task.json follows the running timer: present exactly while a task timer runs
        // (a missing or damaged one is rewritten by the next refresh, from the vault).
        guard vaultName != nil else { return true }
        let currentTask = try? FileSystem.read(currentTaskPath)
        if running?.taskTitle == nil { return currentTask == nil }
        return currentTask.map { $0.first == UInt8(ascii: "{") && $0.last == 10 } ?? false
    }

    /// True when the vault's type names in use are here. Until the first refresh (a new clone)
    /// a tap can only tell the built-in types. The removed names (`removed-types`, written
    /// since types can be removed) only change the wording of a refusal: without them a removed
    /// type is refused as unknown, so a vault that cannot be refreshed (damaged) keeps tapping.
    package var knowsTypes: Bool { FileSystem.exists(typesPath) }

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
    package var hasWork: Bool {
        if FileSystem.exists(journalPath) { return true }
        if let size = FileSystem.size(queueLogPath), size > 0 { return true }
        guard let size = FileSystem.size(queuePath) else { return false }
        return size > 3
    }

    // MARK: - The queue

    /// Runs `body` on the queue under the queue lock, then writes each of its two files back
    /// (atomically: the array first, then the log) if it changed. Text that cannot be read is
    /// first saved aside in a `.damaged-<ms>.json` file (`.damaged-<ms>.log` for the log's),
    /// whose path is returned, and the readable items are kept. The end of an append that
    /// never finished is left out of the log's new version: it was never an item.
    ///
    /// A kill between the two files leaves the array written and the log as it was. Every
    /// change made through here is by item (the drain takes its journal's keys out; `discard`
    /// names elements), so the same change made again gives the same queue.
    @discardableResult
    package func updateQueue<T>(_ body: (inout PendingQueue) throws -> T) throws -> (result: T, savedAside: String?) {
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
        let readLog = try FileSystem.readVersion(queueLogPath)
        let originalLog = readLog?.bytes ?? []
        var queue = PendingQueue(parsing: original, log: originalLog)
        var savedAside: [String] = []
        let millis = SystemClock.nowMillis()
        let arrayDamaged = queue.damage != nil
        if let damage = queue.damage {
            let path = directory + StateDirectory.WidgetFiles.damagedQueuePrefix + "\(millis).json"
            try FileSystem.writeAtomically(path, original)
            savedAside.append(path + " (line \(damage.line): \(damage.reason))")
            queue.damage = nil
        }
        if !queue.logDamage.isEmpty {
            let path = directory + StateDirectory.WidgetFiles.damagedQueuePrefix + "\(millis).log"
            try FileSystem.writeAtomically(path, queue.logDamage.flatMap { $0.bytes + [UInt8(ascii: "\n")] })
            let lines = queue.logDamage.map { String($0.line) }.joined(separator: ", ")
            savedAside.append(
                path + " (queue.log, line\(queue.logDamage.count == 1 ? "" : "s") \(lines): not whole records)")
            queue.logDamage = []
        }
        let arrayBefore = queue.elements.filter { $0.origin == .array }.map(\.raw)
        let result = try body(&queue)
        // The array is other programs' file too: it is rewritten when an element changed or
        // damage was cut out, and an empty queue is written as `[]`; never only to reformat it.
        var identity = read?.identity
        var updated = original
        let arrayAfter = queue.elements.filter { $0.origin == .array }.map(\.raw)
        if arrayDamaged || arrayAfter != arrayBefore || (arrayAfter.isEmpty && original != Self.emptyArray) {
            updated = queue.encoded()
            if updated != original { identity = try FileSystem.writeAtomically(queuePath, updated) }
        }
        let updatedLog = queue.encodedLog()
        var logIdentity = readLog?.identity
        if updatedLog != originalLog {
            FaultInjection.point("queue.between-files")
            logIdentity = try FileSystem.writeAtomically(queueLogPath, updatedLog)
        }
        if let identity {
            let digest = QueueDigest(identity: identity, text: updated, log: logIdentity, queue: queue)
            if readDigest() != digest { writeDigest(digest) }
        }
        return (result, savedAside.isEmpty ? nil : savedAside.joined(separator: "; and "))
    }

    private static let emptyArray: [UInt8] = Array("[]\n".utf8)

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
    package struct Tap: Sendable {
        package var type: String
        package var at: LocalInstant
        /// Elements waiting in the queue now, this one included (`QueueCounts.waiting`: processed
        /// actions, kept for their app, are not counted).
        package var queued: Int
        package var savedAside: String?
    }

    /// The widget's button: queues an activity. The type must be one in use at the vault's last
    /// refresh (a removed one is refused as `log` refuses it); before the first refresh, a
    /// built-in type. The drain checks again.
    ///
    /// The item is appended to `queue.log` as one record. When the digest describes both queue
    /// files as they are, that is all a tap writes besides the digest: it reads the array
    /// file's last bytes and the log's last byte, never the queue, so it costs the same on a
    /// long queue as on an empty one. Otherwise (a queue written by someone else, a tap or an
    /// append killed halfway, unreadable text) the queue is read in full under the lock,
    /// unreadable text is saved aside, the end of an unfinished append is cut off, and the
    /// digest is made anew.
    package func tap(type rawType: String, at: LocalInstant) throws -> Tap {
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
        var element = PendingQueue.Element.activity(type: type, time: at.seconds)
        element.origin = .log
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

    /// Appends `element` to the log without reading the queue, when the digest vouches for both
    /// files and the log ends with a whole record; returns the number of elements queued now,
    /// or nil (nothing written) otherwise.
    private func appendByDigest(_ element: PendingQueue.Element, item: PendingItem) throws -> Int? {
        guard var digest = readDigest(), try describesArray(digest) else { return nil }
        let appended = try FileSystem.append(queueLogPath, QueueLog.record(element.raw)) { identity, last in
            digest.describes(log: identity) && (last == nil || last == UInt8(ascii: "\n"))
        }
        guard let appended else { return nil }
        FaultInjection.point("tap.after-append")
        digest.log = appended
        digest.add(item)
        writeDigest(digest)
        return digest.overlay.waiting
    }

    /// Whether `digest` describes the array file as it is now (its identity and last bytes).
    private func describesArray(_ digest: QueueDigest) throws -> Bool {
        let array = try FileSystem.readTail(queuePath, count: QueueDigest.tailLength)
        return digest.describes(array: array?.identity, tail: array?.bytes ?? [])
    }

    /// The optimistic view: the cache, the queue and the running timer, read without locks.
    /// When no drain has left failures behind and the digest describes the queue file, the
    /// queue is not read. `zone` gives the local dates a queued `quick_remove` names.
    package func view(now: Int64, zone: any TimeZoneRules) -> WidgetView {
        var view = queueView(now: now, zone: zone)
        view.timer = readRunningTimer()
        if let text = try? FileSystem.readString(favoritesPath) {
            view.favorites = text.split(separator: "\n").map(String.init)
        }
        return view
    }

    private func queueView(now: Int64, zone: any TimeZoneRules) -> WidgetView {
        let cache = readLastKnown()
        let failing = readFailures()
        if failing.isEmpty, let digest = readDigest(), (try? describesArray(digest)) == true,
            digest.describes(log: FileIdentity.of(queueLogPath)),
            let view = digest.view(over: cache, now: now, zone: zone)
        {
            return view
        }
        var items: [PendingItem?] = []
        if let bytes = try? FileSystem.read(queuePath) {
            _ = bytes.withUnsafeBytes { buffer in
                PendingQueue.scan(buffer) { raw, _ in items.append(PendingQueue.item(raw)) }
            }
        }
        if let bytes = try? FileSystem.read(queueLogPath) {
            _ = bytes.withUnsafeBytes { buffer in
                QueueLog.scan(buffer) { raw, _ in items.append(PendingQueue.item(raw)) }
            }
        }
        return WidgetView(lastKnown: cache, queue: items, failing: Set(failing.keys), now: now, zone: zone)
    }

    /// Removes queue elements by their 1-based position (as `alog widget pending` numbers them).
    package func discard(_ numbers: [Int]) throws -> [PendingQueue.Element] {
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
    /// content changes. The two that change with every log (the last-known times and the
    /// running timer) are swapped in (`FileSystem.swapIn`): a power cut may leave them empty,
    /// which `cacheIsCurrent` takes for missing, so the next command rewrites them.
    package func refresh(from summary: StatusSummary) throws {
        try ensureDirectory()
        let cache = LastKnownActivities.encode(summary.lastKnownActivities) + [UInt8(ascii: "\n")]
        if (try? FileSystem.read(lastKnownPath)) != cache { try FileSystem.swapIn(lastKnownPath, cache) }
        func lines(_ names: [String]) -> [UInt8] { Array(names.sorted().map { $0 + "\n" }.joined().utf8) }
        // Former names (`types rename`) are accepted too: the vault reads them as the new name.
        let inUse = Set(summary.types.map(\.name))
        let former = summary.catalog.aliases.filter { inUse.contains($0.value) }.map(\.key)
        let names = lines(Array(inUse) + former)
        if (try? FileSystem.read(typesPath)) != names { try FileSystem.writeAtomically(typesPath, names) }
        let favoriteNames = summary.catalog.favorites
        let favorites = Array(
            summary.types.filter { favoriteNames.contains($0.name) }.map { "\($0.icon) \($0.name)\n" }.joined().utf8)
        if (try? FileSystem.read(favoritesPath)) != favorites {
            try FileSystem.writeAtomically(favoritesPath, favorites)
        }
        let removed = lines(summary.allTypes.filter(\.archived).map(\.name))
        if (try? FileSystem.read(removedTypesPath)) != removed {
            try FileSystem.writeAtomically(removedTypesPath, removed)
        }
        let running = RunningTimer.encode(RunningTimer(summary: summary))
        if (try? FileSystem.read(runningTimerPath)) != running {
            try FileSystem.swapIn(runningTimerPath, running)
        }
        try refreshCurrentTask(from: summary)
    }

    /// Writes `current_task.json` for the task timer running at HEAD, or removes it when none
    /// runs; a file that is not exactly what it would be written as is replaced.
    package func refreshCurrentTask(from summary: StatusSummary) throws {
        guard let vaultName else { return }
        let expected = CurrentTaskFile(summary: summary, vaultName: vaultName)
        let existing = try? FileSystem.read(currentTaskPath)
        guard !CurrentTaskFile.isCurrent(existing, expected: expected) else { return }
        if let expected {
            try FileSystem.writeAtomically(currentTaskPath, expected.bytes)
        } else {
            FileSystem.remove(currentTaskPath)
        }
    }

    package func writeFailures(_ failures: [String: String]) throws {
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
    package func lockDrain() throws -> FileLock {
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
    package func readJournal() throws -> (journal: DrainJournal?, savedAside: String?) {
        guard let bytes = try FileSystem.read(journalPath) else { return (nil, nil) }
        if let journal = DrainJournal(decoding: bytes) { return (journal, nil) }
        let aside = directory + "drain.journal.damaged-\(SystemClock.nowMillis())"
        try FileSystem.writeAtomically(aside, bytes)
        FileSystem.remove(journalPath)
        return (nil, aside)
    }

    package func writeJournal(_ journal: DrainJournal) throws {
        try FileSystem.writeAtomically(journalPath, journal.encoded())
    }

    package func removeJournal() {
        FileSystem.remove(journalPath)
    }
}
