/// `<git dir>/alog/`: alog's per-clone state, never tracked, and the name of every file alog
/// keeps there. This is the one place those names are spelled; see docs/architecture.md
/// ("Per-clone state") for what each holds.
public struct StateDirectory: Sendable, Equatable {
    /// The folder, ending in `/`.
    public let path: String

    /// `gitDirectory` ends in `/`.
    public init(gitDirectory: String) {
        path = gitDirectory + "alog/"
    }

    /// `id=` (this clone's device id) and `name=` (its host name).
    public var device: String { path + "device" }
    /// The `StatusSummary` cache: all `alog status` needs.
    public var summaryCache: String { path + "summary.bin" }
    /// The whole fold (`LedgerState`), for `history`, id lookups and `show`.
    public var stateCache: String { path + "state.bin" }
    /// The `flock` every writer of this clone holds.
    public var writeLock: String { path + "write.lock" }
    /// Present while a writer moves the branch and brings the working tree along (see the
    /// vault's `BranchIntent`); left behind only by a writer that was killed in between, and
    /// then finished by the next command that opens the vault.
    public var branchIntent: String { path + "branch-intent" }
    /// Hard-linked to `.git/index.lock` by the in-place index update, so a lock a killed writer
    /// left is recognised by its inode.
    public var indexLockClaim: String { path + "index.lock.claim" }
    /// Committed event lines that a commit removed, until `alog repair` writes them back; while
    /// it exists every command warns.
    public var removals: String { path + "removals" }
    /// Present once alog has said that commits fall back to the device's name because no git
    /// identity (`user.name`, `user.email`) is set: that is said once per clone.
    public var identityNoticed: String { path + "identity-noticed" }
    /// `alog undo`'s record: one line per undo, the undone event's id then the ids it wrote.
    public var undoLog: String { path + "undo" }
    /// A branch ref file `alog repair` could not read is kept here (`damaged-ref-<ms>`).
    public static let damagedRefPrefix = "damaged-ref-"
    /// The widget's device-local folder.
    public var widget: WidgetFiles { WidgetFiles(path: path + "widget/") }

    /// `<git dir>/alog/widget/`; what each file holds is in the widget's `WidgetStore`.
    public struct WidgetFiles: Sendable, Equatable {
        /// The folder, ending in `/`.
        public let path: String

        public var queue: String { path + "PendingActivities.json" }
        /// alog's own taps, appended one checksummed record a line (`QueueLog`), beside `queue`.
        public var queueLog: String { path + Self.queueLogName }
        public static let queueLogName = "queue.log"
        public var lastKnown: String { path + "LastKnownActivities.json" }
        public var types: String { path + "types" }
        /// The names of the types removed with `alog types remove`, beside `types`.
        public var removedTypes: String { path + "removed-types" }
        /// The running timer at HEAD (`RunningTimer`), beside `lastKnown`.
        public var runningTimer: String { path + "running-timer" }
        public var failures: String { path + "failures" }
        public var journal: String { path + "drain.journal" }
        public var digest: String { path + "queue.digest" }
        public var queueLock: String { path + "queue.lock" }
        public var drainLock: String { path + "drain.lock" }
        /// Queue text that could not be read is saved aside under this prefix, never deleted.
        public static let damagedQueuePrefix = "PendingActivities.damaged-"
    }
}
