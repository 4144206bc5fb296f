/// `<git dir>/alog/`: alog's per-clone state, never tracked, and the name of every file alog
/// keeps there. This is the one place those names are spelled; see docs/architecture.md
/// ("Per-clone state") for what each holds.
package struct StateDirectory: Sendable, Equatable {
    /// The folder, ending in `/`.
    package let path: String

    /// `gitDirectory` ends in `/`.
    package init(gitDirectory: String) {
        path = gitDirectory + "alog/"
    }

    /// `id=` (this clone's device id) and `name=` (its host name).
    package var device: String { path + "device" }
    /// The `StatusSummary` cache: all `alog status` needs.
    package var summaryCache: String { path + "summary.bin" }
    /// The whole fold (`LedgerState`), for `history`, id lookups and `show`.
    package var stateCache: String { path + "state.bin" }
    /// The time index (`TimeIndexFile`): every live entry by start, for history and reports.
    package var timeIndex: String { path + "time.idx" }
    /// The time index's notes and names.
    package var timeHeap: String { path + "time.heap" }
    /// The `flock` a process holds while it moves the time index on.
    package var timeIndexLock: String { path + "time.lock" }
    /// What the front needs to commit a `log` without libgit2 (the store's `CommitTip`), for
    /// the commit HEAD names.
    package var commitTip: String { path + "commit-tip" }
    /// The `flock` every writer of this clone holds.
    package var writeLock: String { path + "write.lock" }
    /// Held (without waiting) while `alog gc` packs the loose objects: a second one at the
    /// same time does nothing.
    package var packLock: String { path + "gc.lock" }
    /// Present while a writer moves the branch and brings the working tree along (see the
    /// vault's `BranchIntent`); left behind only by a writer that was killed in between, and
    /// then finished by the next command that opens the vault.
    package var branchIntent: String { path + "branch-intent" }
    /// Hard-linked to `.git/index.lock` by the in-place index update, so a lock a killed writer
    /// left is recognised by its inode.
    /// Beside it, `index.spare`: the index the last in-place update replaced, kept so the rename
    /// does not free it, and written into by the next update (`IndexPatch` names it from the
    /// claim's folder).
    package var indexLockClaim: String { path + "index.lock.claim" }
    /// A private copy of the git index that libgit2 stages into while alog holds
    /// `.git/index.lock` (`Repository.withPrivateIndex`); it exists only during a write.
    package var privateIndex: String { path + "index.private" }
    /// The stat data and trailer of the git index alog last wrote in place (`IndexPatch`): an
    /// index that still matches need not be hashed to be checked.
    package var indexRecord: String { path + "index.written" }
    /// Committed event lines that a commit removed, until `alog repair` writes them back; while
    /// it exists every command warns.
    package var removals: String { path + "removals" }
    /// Present once alog has said that commits fall back to the device's name because no git
    /// identity (`user.name`, `user.email`) is set: that is said once per clone.
    package var identityNoticed: String { path + "identity-noticed" }
    /// What alog last wrote into each day note, and when it last read the changed ones (the
    /// vault's `dayNotesState`).
    package var dayNotes: String { path + "day-notes/" }
    /// The day notes' setting committed at one commit (the store's `DayNotesSettingCache`).
    package var dayNotesSetting: String { dayNotes + "setting" }
    /// In the embedded default vault: the vaults `init` or `clone` set up while this one held
    /// entries (one path a line), so `status` and `sync` can say how to move the entries there.
    package var vaultsElsewhere: String { path + "vaults-elsewhere" }
    /// `alog undo`'s record: one line per undo, the undone event's id then the ids it wrote.
    package var undoLog: String { path + "undo" }
    /// A branch ref file `alog repair` could not read is kept here (`damaged-ref-<ms>`).
    package static let damagedRefPrefix = "damaged-ref-"
    /// The widget's device-local folder.
    package var widget: WidgetFiles { WidgetFiles(path: path + "widget/") }

    /// `<git dir>/alog/widget/`; what each file holds is in the widget's `WidgetStore`.
    package struct WidgetFiles: Sendable, Equatable {
        /// The folder, ending in `/`.
        package let path: String

        package var queue: String { path + "PendingActivities.json" }
        /// alog's own taps, appended one checksummed record a line (`QueueLog`), beside `queue`.
        package var queueLog: String { path + Self.queueLogName }
        package static let queueLogName = "queue.log"
        package var lastKnown: String { path + "LastKnownActivities.json" }
        package var types: String { path + "types" }
        /// The names of the types removed with `alog types remove`, beside `types`.
        package var removedTypes: String { path + "removed-types" }
        /// The favorite types (`types favorite`), `icon name` a line in the listing order.
        package var favorites: String { path + "favorites" }
        /// The running timer at HEAD (`RunningTimer`), beside `lastKnown`.
        package var runningTimer: String { path + "running-timer" }
        /// The task whose timer runs at HEAD, in the Exocortex seed's shape (`CurrentTaskFile`).
        package var currentTask: String { path + "current_task.json" }
        package var failures: String { path + "failures" }
        package var journal: String { path + "drain.journal" }
        package var digest: String { path + "queue.digest" }
        package var queueLock: String { path + "queue.lock" }
        package var drainLock: String { path + "drain.lock" }
        /// Queue text that could not be read is saved aside under this prefix, never deleted.
        package static let damagedQueuePrefix = "PendingActivities.damaged-"
    }
}
