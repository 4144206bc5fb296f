public import LedgerCore

/// Entries brought in from another tracker, as one commit (`alog import`). Each window's ids
/// are derived from its identity in the source, so importing the same data again adds nothing
/// and an updated export adds only what is new (and the stop of a window that was open before).
extension Vault {
    /// A window read from another tracker, named as an alog type.
    public struct ImportedWindow: Sendable, Equatable {
        /// Stable across exports of the same data (see `ImportRecord.identity`).
        public var identity: String
        public var type: String
        public var start: LocalInstant
        /// Nil while it runs in the tracker.
        public var end: LocalInstant?
        public var note: String?
        /// An id the source gave the entry (a CSV row exported by alog), kept as it is.
        public var id: EventID?
        /// A point in time (a log), not a window: `end` is nil.
        public var isInstant: Bool
        /// The tracker's tags, kept as the entry's (a `tag` event after its start).
        public var tags: [String]

        public init(
            identity: String, type: String, start: LocalInstant, end: LocalInstant?, note: String?, id: EventID? = nil,
            isInstant: Bool = false, tags: [String] = []
        ) {
            (self.identity, self.type, self.start, self.end, self.note) = (identity, type, start, end, note)
            (self.id, self.isInstant, self.tags) = (id, isInstant, Tags.normalized(tags))
        }

        /// The id of the entry this window becomes: the source's, else one derived from its
        /// identity.
        /// What the start keeps of the source's own id for the way back (`TimerFacts.ref`): a
        /// Watson frame's `watson:<id>`; timewarrior's and klog's intervals have none of their own.
        var ref: String? {
            identity.hasPrefix("watson:") && TimerFacts.refProblem(identity) == nil ? identity : nil
        }

        public var entryID: EventID { id ?? EventID(rawValue: Self.hash("alog-import:" + identity)) }
        /// The id of its stop: derived from the window's identity and end (an interval closed
        /// since the last import gets its stop once), with the entry id's first 8 characters, so
        /// the stop's line repeats most of its target's id and the packed repository stores it
        /// about once (7 B less an imported window); never the entry id itself.
        var stopID: EventID {
            let entry = entryID.rawValue
            var low = Self.hash("alog-import-stop:\(identity):\(end?.seconds ?? 0)") & 0xF_FFFF
            if low == entry & 0xF_FFFF { low ^= 1 }
            return EventID(rawValue: entry & ~UInt64(0xF_FFFF) | low)
        }
        /// The id of its `tag` event: derived from the identity as the entry's is, so two
        /// devices importing the same data write the same event (the merge keeps one).
        var tagID: EventID { EventID(rawValue: Self.hash("alog-import-tag:" + identity)) }

        static func hash(_ text: String) -> UInt64 {
            var value: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text.utf8 {
                value ^= UInt64(byte)
                value &*= 0x100_0000_01B3
            }
            return value
        }
    }

    /// Where an import is, for a progress display.
    public enum ImportStage: Sendable, Equatable {
        /// Each window looked up among the vault's entries.
        case checking
        /// The events encoded into the event files.
        case writing
        /// The commit is being written, then the caches moved to it (no count).
        case committing
    }

    /// What an import did.
    public struct ImportOutcome: Sendable {
        /// New entries.
        public var added = 0
        /// Windows already in the vault from an earlier import (nothing written for them).
        public var alreadyThere = 0
        /// Windows open at the earlier import and closed now: their stop was added.
        public var closed = 0
        /// Windows an earlier import added that were deleted since (an undo of that import, a
        /// `delete`): restored, as the data being imported holds them.
        public var restored = 0
        /// New windows that overlap another window (the timeline's rule lays them out: each
        /// ends where the next starts).
        public var overlapping = 0
        /// Types defined on the way.
        public var definedTypes: [String] = []
        /// The commit, when anything was written.
        public var appended: Appended?
    }

    /// The types the windows name that the vault does not have (sorted), after refusing a name
    /// no type can have, and a removed type unless `define` (an import told to define its types
    /// brings a removed one back, as the undo of an earlier import of the same data removed it).
    public func missingTypes(of windows: [ImportedWindow], define: Bool = false) throws -> [String] {
        let summary = try summary()
        var missing = Set<String>()
        for type in Set(windows.map(\.type)) {
            if let reason = ActivityTypes.validateName(type) { throw VaultError.invalidTypeName(type, reason: reason) }
            if summary.type(named: type) != nil { continue }
            if summary.definition(named: type)?.archived == true, !define { throw VaultError.archivedType(type) }
            missing.insert(type)
        }
        return missing.sorted()
    }

    /// Writes the new windows, and the types they need (`define`, each with its group from
    /// `groups` if the source named one; any other missing type is refused before anything is
    /// written), as one commit.
    /// `progress` hears each stage, with how far it got (done, total) every few thousand windows.
    public func importWindows(
        _ windows: [ImportedWindow], define: Bool, groups: [String: String] = [:], source: String,
        progress: ((_ stage: ImportStage, _ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> ImportOutcome {
        let missing = try missingTypes(of: windows, define: define)
        if !missing.isEmpty, !define {
            throw VaultError.unknownType(missing[0], known: try summary().types.map(\.name))
        }
        let state = try state()
        var outcome = ImportOutcome()
        var bodies: [EventBody] = []
        var ids: [EventID] = []
        let summary = try summary()
        for type in missing {
            // A removed type comes back as it was (its icon, group and colour).
            var definition =
                summary.definition(named: type)
                ?? ActivityTypeDefinition(name: type, icon: "•", group: groups[type] ?? "", color: "", archived: false)
            definition.archived = false
            bodies.append(.typeDefined(definition))
            ids.append(EventID.random())
        }
        outcome.definedTypes = missing
        var seen = Set<EventID>()
        var fresh: [ImportedWindow] = []
        for (done, window) in windows.enumerated() {
            if let progress, done & 4095 == 0 { progress(.checking, done, windows.count) }
            let id = window.entryID
            guard seen.insert(id).inserted else { continue }
            if let existing = state.entry(id) {
                if existing.isDeleted {
                    bodies.append(.restored(target: id))
                    ids.append(EventID.random())
                    outcome.restored += 1
                } else {
                    outcome.alreadyThere += 1
                }
                if existing.isTimed, existing.end == nil, let end = window.end {
                    bodies.append(.stopped(target: id, at: end, note: nil))
                    ids.append(window.stopID)
                    outcome.closed += 1
                }
                continue
            }
            fresh.append(window)
            if window.isInstant {
                bodies.append(.logged(type: window.type, at: window.start, note: window.note))
                ids.append(id)
            } else {
                bodies.append(
                    .started(type: window.type, at: window.start, note: window.note, goal: nil, ref: window.ref))
                ids.append(id)
                if let end = window.end {
                    bodies.append(.stopped(target: id, at: end, note: nil))
                    ids.append(window.stopID)
                }
            }
            if !window.tags.isEmpty {
                bodies.append(.tagged(target: id, tags: window.tags, on: true))
                ids.append(window.tagID)
            }
        }
        outcome.added = fresh.count
        outcome.overlapping = Self.overlapCount(fresh.filter { !$0.isInstant }, existing: state.timeline)
        guard !bodies.isEmpty else { return outcome }
        progress?(.checking, windows.count, windows.count)
        outcome.appended = try append(
            bodies, ids: ids,
            message: "alog: import \(outcome.added) entr\(outcome.added == 1 ? "y" : "ies") from \(source)"
                + (outcome.restored > 0 ? ", \(outcome.restored) restored" : ""),
            partLimit: VaultLayout.bulkPartLimit,
            progress: progress.map { report in
                { done, total in
                    report(.writing, done, total)
                    if done == total { report(.committing, 0, 0) }
                }
            })
        return outcome
    }

    /// How many of `windows` overlap another window, new or already in the vault.
    static func overlapCount(_ windows: [ImportedWindow], existing: Timeline) -> Int {
        var spans: [(start: Int64, end: Int64, new: Bool)] = existing.intervals.map {
            ($0.start.seconds, $0.end?.seconds ?? Int64.max, false)
        }
        spans += windows.map { ($0.start.seconds, $0.end?.seconds ?? Int64.max, true) }
        spans.sort { $0.start < $1.start }
        var overlapping = Set<Int>()
        var reach: (end: Int64, index: Int)? = nil
        for (index, span) in spans.enumerated() {
            if let reach, span.start < reach.end {
                if span.new { overlapping.insert(index) }
                if spans[reach.index].new { overlapping.insert(reach.index) }
            }
            if reach == nil || span.end > reach!.end { reach = (span.end, index) }
        }
        return overlapping.count
    }
}
