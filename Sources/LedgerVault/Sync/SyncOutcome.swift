import LedgerGit

/// What a sync did, for the CLI to print (and for `--json`).
public struct SyncOutcome: Sendable {
    public enum Action: String, Sendable {
        /// Both sides were already the same.
        case upToDate = "up-to-date"
        /// The remote had nothing new; local commits were pushed.
        case pushed
        /// Local history was behind and moved forward to the remote's.
        case fastForward = "fast-forward"
        /// Both sides had new commits; one merge commit joins them.
        case merged
    }

    /// A file both sides changed on the same lines: the remote's version is at `path`, the
    /// local one was kept at `copy`.
    public struct ConflictCopy: Sendable, Equatable {
        public var path: String
        public var copy: String
        /// Why a copy was needed.
        public var reason: String
    }

    public var remote: String
    public var url: String
    public var branch: String
    public var action: Action = .upToDate
    public var eventsReceived = 0
    public var eventsSent = 0
    /// User files both sides changed in different places, merged line by line.
    public var notesMerged: [String] = []
    public var conflictCopies: [ConflictCopy] = []
    /// Files deleted on one side and edited on the other: the edited version was kept.
    public var editsKeptOverDeletes: [String] = []
    /// Other user files that came in from the remote (added, changed or deleted there).
    public var notesReceived: [String] = []
    /// User files this clone has changed, added or deleted and not committed: alog never commits
    /// them, so they were not sent (commit them with git to share them).
    public var notesNotSent: [String] = []
    /// The local days (days since 1970 on the wall clock of each entry's own offset) of the
    /// entries received: the day notes to write anew after the sync.
    public var receivedDays: Set<Int64> = []
    public var pushed = false
    /// How often the push lost a race against another device and the merge was redone.
    public var retries = 0
    /// Loose objects packed after the sync, once more than `gc.auto` had gathered (0: none).
    public var objectsPacked = 0
    /// Packs merged into one after the sync, once more than `gc.autoPackLimit` had gathered
    /// (0: none).
    public var packsMerged = 0
    public var head: CommitID?
    public var warnings: [Notice] = []
    /// Received events stamped more than a day ahead of this device's clock, by the device that
    /// wrote them (docs/sync.md, "Clocks").
    public var aheadOfClock: [AheadOfClock] = []

    public struct AheadOfClock: Sendable, Equatable {
        public var device: String
        public var events: Int
        /// The latest such stamp's physical part, in milliseconds since 1970.
        public var latestMillis: Int64
    }
}
