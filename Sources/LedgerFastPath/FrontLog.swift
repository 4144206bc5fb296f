internal import LedgerCore
import LedgerEnvironment
import LedgerGitFiles
internal import LedgerGitLayout
import LedgerOutput
import LedgerStore
import LedgerSystem
import LedgerWidget

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `alog log TYPE [--at TIME] [--note TEXT]` committed by the front itself, without libgit2,
/// when the everyday case holds: the line goes to this device's day file in the month the
/// `CommitTip` describes (appended to its last part, or a new file: the day's first log, or
/// the next part once one is full). It writes what the full CLI writes for the
/// same command, in the same order and under the same locks (see docs/architecture.md,
/// "The front's log"):
///
/// 1. under `write.lock`: HEAD, the summary cache and the tip all name the same commit, no
///    write was interrupted, nothing is queued by the widget, day notes are off;
/// 2. the objects: the day file's new blob, the five trees on its path, the commit (stored
///    loose objects, `LooseObjectFile`);
/// 3. the branch intent, `.git/index.lock` taken, then the branch moved as libgit2 moves it
///    (lock file, value checked, reflog lines, rename: `LooseRefUpdate`; a branch kept only
///    in `packed-refs` gets a loose file, as libgit2 gives it);
/// 4. the working copy appended to, its index entry patched into the lock held since 3
///    (`IndexPatch`), the intent removed;
/// 5. the caches moved on: the summary, the widget's files, the day notes' setting, the tip.
///
/// Whatever does not match answers nil before anything is written, and the command goes to
/// `alog-full`, which says any refusal in its own words. A step that fails after the branch
/// moved leaves the intent for the next command to finish, as the full CLI does.
package struct FrontLog {
    package var type: String
    package var at: String?
    package var note: String?
    /// The vault's folder (absolute) and git directory (ending in `/`).
    package var root: String
    package var gitDirectory: String

    package init(type: String, at: String?, note: String?, root: String, gitDirectory: String) {
        (self.type, self.at, self.note, self.root, self.gitDirectory) = (type, at, note, root, gitDirectory)
    }

    /// The front's form of `log` read from `arguments` (global options hoisted); nil when the
    /// command line is anything else, or names no vault found here.
    package init?(_ arguments: [String]) {
        guard let invocation = HotForm.log.read(arguments), invocation.vault != "" else { return nil }
        let location = VaultLocation(explicit: invocation.vault)
        guard let gitDirectory = location.gitDirectory else { return nil }
        self.init(
            type: invocation.positional[0], at: invocation.options["--at"], note: invocation.options["--note"],
            root: FileSystem.absolute(location.path), gitDirectory: gitDirectory)
    }

    /// What the commit of one line needs, read under the lock.
    private struct Ground {
        var head: String
        var tip: CommitTip
        var summary: StatusSummary
        /// The day file's path (its components) and its bytes as committed.
        var path: [String]
        var old: [UInt8]
        /// The git index as read before the commit (its entry for `path` can be patched).
        var index: IndexPatch.Snapshot
    }

    /// Logs the entry; returns the exit status, or nil (nothing written) when the full CLI
    /// must do it.
    package func run() -> Int32? {
        let lowered = type.lowercased()
        guard ActivityTypes.validateName(lowered) == nil else { return nil }
        let zone = SystemTimeZone()
        let nowSeconds = CommandClock.nowSeconds
        let instant: LocalInstant
        if let at {
            guard let parsed = try? TimeExpression(now: nowSeconds, zone: zone).parse(at) else { return nil }
            instant = parsed
        } else {
            instant = zone.localInstant(at: nowSeconds)
        }
        var noteText: String?
        if let note {
            let normalized = NoteText.normalized(note)
            guard NoteText.validate(normalized) == nil else { return nil }
            noteText = normalized.isEmpty ? nil : normalized
        }
        let state = StateDirectory(gitDirectory: gitDirectory)
        guard FileSystem.isDirectory(state.path), let lock = try? FileLock(path: state.writeLock) else { return nil }
        return withExtendedLifetime(lock) {
            let wall = CommandClock.nowMillis
            guard ValidTime.contains(millis: wall), let ground = ground(state, wall: wall),
                let definition = ground.summary.type(named: lowered)
            else { return nil }
            let id = EventID.random()
            let event = Event(
                id: id, device: ground.tip.device,
                stamp: HybridLogicalClock.next(after: ground.summary.maxStamp, wallMillis: wall), wallMillis: wall,
                body: .logged(type: definition.name, at: instant, note: noteText))
            var summary = ground.summary
            guard summary.absorbNewEvent(event) else { return nil }
            let message = "alog: log \(definition.name) at \(instant.iso8601)"
            guard
                let landed = commit(
                    ground, line: EventLine.encode(event) + [10], message: message + "\n\nAlog-Events: \(id)",
                    reflogMessage: message, wall: wall, zone: zone, state: state)
            else { return nil }
            finish(landed, ground: ground, summary: summary, state: state)
            let report = Terminal.entryReport(
                id: id, confirmation: Render.confirmation(definition.name, at: instant, id: id, now: nowSeconds))
            StandardStream.output(report.stdout + "\n")
            report.note.map(Terminal.note)
            landed.warnings.forEach(Terminal.warn)
            packLooseObjectsNowAndThen(after: landed.commit, threshold: ground.tip.packThreshold)
            return 0
        }
    }

    /// The state the commit builds on, or nil when this is not the front's case.
    private func ground(_ state: StateDirectory, wall: Int64) -> Ground? {
        guard !FileSystem.exists(gitDirectory + "commondir"),
            let headLine = try? FileSystem.read(gitDirectory + "HEAD"),
            case .commit(let head)? = HeadFile.resolve(gitDirectory: gitDirectory),
            let tip = CommitTip.read(state.commitTip, commit: head),
            headLine == Array("ref: \(tip.branch)\n".utf8),
            // The branch can be moved: not locked, and a loose file holding exactly HEAD's
            // commit, or a packed branch whose loose file can be written (`LooseRefUpdate.holds`).
            LooseRefUpdate(gitDirectory: gitDirectory, branch: tip.branch).holds(head) != nil,
            tip.levels.count == 6, tip.configFiles.allSatisfy(\.isUnchanged),
            let device = try? FileSystem.read(state.device), device.starts(with: Array("id=\(tip.device)\n".utf8)),
            let summary = WarmStatus.summary(gitDirectory: gitDirectory, head: head),
            let setting = try? FileSystem.read(state.dayNotesSetting),
            DayNotesSettingCache.setting(in: setting, commit: head) == []
        else { return nil }
        // This device's day file for now: the last part of it that HEAD has, when it is still
        // under the part limit, and in the month the tip holds.
        let dayPath = VaultLayout.eventFile(device: tip.device, wallMillis: wall)
        guard zip(dayPath.prefix(5), tip.levels.dropFirst().map(\.name)).allSatisfy({ $0 == $1 }),
            let month = RawTree(tip.levels[5].bytes).entries
        else { return nil }
        let names = Set(month.map { String(decoding: $0.name, as: UTF8.self) })
        // The parts HEAD has, counted as `Vault.dayFileParts` does: from the first, up to the
        // first one missing (none: part 1 is new).
        let day = dayPath[5].dropLast(".jsonl".count)
        var part = 0
        while names.contains(VaultLayout.partName(day: day, part: part + 1)) { part += 1 }
        var path = dayPath
        path[5] = VaultLayout.partName(day: day, part: max(part, 1))
        var old: [UInt8] = []
        if part > 0, let entry = month.first(where: { $0.name.elementsEqual(path[5].utf8) }) {
            guard entry.mode == Array("100644".utf8),
                let content = try? FileSystem.read(root + "/" + path.joined(separator: "/")), content.last == 10,
                ObjectHash.id(type: "blob", content) == entry.id
            else { return nil }
            old = content
            // A part that reached the limit is never appended to again: the next one starts.
            if content.count >= VaultLayout.partLimit {
                path[5] = VaultLayout.partName(day: day, part: part + 1)
                old = []
            }
        }
        // A new file (the day's first log, or a new part): nothing of that name in the working
        // copy yet, and its index entry added.
        let isNew = old.isEmpty
        let folder = root + "/" + path.dropLast().joined(separator: "/")
        guard
            !isNew
                || (FileSystem.entryKind(root + "/" + path.joined(separator: "/")) == .missing
                    && FileSystem.entryKind(folder) == .directory),
            var index = indexPatch(state).snapshot(),
            indexPatch(state).canPatch([path.joined(separator: "/")], in: &index, adding: isNew)
        else { return nil }
        return Ground(head: head, tip: tip, summary: summary, path: path, old: old, index: index)
    }

    /// What landed: the new commit, the trees on the path, and what could not be done after
    /// the branch moved.
    private struct Landed {
        var commit: String
        var levels: [CommitTip.Level]
        var warnings: [String]
    }

    /// Writes the objects, moves the branch and brings the working copy and the index along;
    /// nil when nothing moved (the full CLI then does it all).
    private func commit(
        _ ground: Ground, line: [UInt8], message: String, reflogMessage: String, wall: Int64, zone: SystemTimeZone,
        state: StateDirectory
    ) -> Landed? {
        let tip = ground.tip
        let objects = LooseObjectFile(directory: gitDirectory + "objects/", syncs: tip.syncsObjects)
        let content = ground.old + line
        let seconds = wall / 1000
        var levels = tip.levels
        let blob: [UInt8]
        let commit: String
        do {
            blob = try objects.write(content, type: "blob")
            var (name, mode, id) = (Array(ground.path[5].utf8), Array("100644".utf8), blob)
            for index in stride(from: 5, through: 0, by: -1) {
                guard let tree = RawTree(levels[index].bytes).setting(name, mode: mode, id: id) else { return nil }
                let treeID = try objects.write(tree.bytes, type: "tree")
                levels[index] = CommitTip.Level(name: levels[index].name, id: treeID, bytes: tree.bytes)
                (name, mode, id) = (Array(levels[index].name.utf8), Array("40000".utf8), treeID)
            }
            guard let parent = ObjectHash.bytes(hex: ground.head) else { return nil }
            let offset = Int(zone.offset(atUTC: seconds)) / 60
            let object = CommitObject.encode(
                tree: levels[0].id, parents: [parent], identity: tip.author, seconds: seconds, offsetMinutes: offset,
                message: message)
            commit = ObjectHash.hex(try objects.write(object, type: "commit"))
        } catch {
            return nil
        }
        // As the full CLI's `movingBranch`: the intent on disk from before the working copy
        // changes until the branch has moved.
        let intent = state.branchIntent
        guard
            (try? FileSystem.overwrite(
                intent, BranchIntentFile.encode(branch: tip.branch, from: ground.head, to: commit))) != nil
        else { return nil }
        // `.git/index.lock`, as `alog-full` holds it: from before the working copy changes until
        // the index names the new blob. Held by another git command: `alog-full` waits for it.
        guard let indexLock = indexPatch(state).lock() else {
            FileSystem.remove(intent)
            return nil
        }
        // The working copy, the new index in the lock, the branch, then the index replaced, as
        // `alog-full` does (`VaultRepository.movingBranch`): whenever the lock is free, the three agree.
        let relative = ground.path.joined(separator: "/")
        let file = root + "/" + relative
        let appended =
            !ground.old.isEmpty && ((try? FileSystem.append(file, line, expectedSize: ground.old.count)) ?? false)
        let written = appended || (try? FileSystem.writeAtomically(file, content, temporaryIn: state.path)) != nil
        let now = SystemClock.nowMillis() / 1000
        let reflog = tip.reflogIdentity.map { identity in
            (
                identity, CommitObject.stamp(seconds: now, offsetMinutes: Int(zone.offset(atUTC: now)) / 60),
                reflogMessage
            )
        }
        var unlocked: Bool?
        let staged =
            written
            && indexPatch(state).restage(
                [(relative, blob)], holding: indexLock, snapshot: ground.index, adding: ground.old.isEmpty,
                whileLocked: { FaultInjection.point("front-log.in-index-lock") }
            ) {
                FaultInjection.point("front-log.before-ref")
                unlocked = try? LooseRefUpdate(gitDirectory: gitDirectory, branch: tip.branch)
                    .move(from: ground.head, to: commit, reflog: reflog, syncs: tip.syncsObjects) {
                        FaultInjection.point("front-log.after-swap")
                    }
                return unlocked != nil
            }
        guard let unlocked else {
            // Nothing moved (another writer took or moved the branch since `ground` looked):
            // the working copy goes back (while the lock keeps git's commands out), and
            // `alog-full` does the log.
            if ground.old.isEmpty {
                FileSystem.remove(file)
            } else {
                _ = truncate(file, off_t(ground.old.count))
            }
            indexLock.release()
            FileSystem.remove(intent)
            return nil
        }
        indexLock.release()
        FaultInjection.point("front-log.after-ref")
        var warnings: [String] = []
        if !staged {
            warnings.append(
                "committed; the git index could not be updated, so 'git status' may show ledger files as changed until the next alog command stages them"
            )
        }
        if !unlocked {
            // The intent stays, so the next alog command removes the lock (VaultRepository.lockForWriting).
            warnings.append(
                "committed; the branch's lock file \(tip.branch).lock could not be removed, so git cannot move the branch until the next alog command removes it"
            )
        }
        if warnings.isEmpty { FileSystem.remove(intent) }
        return Landed(commit: commit, levels: levels, warnings: warnings)
    }

    /// As git runs `gc --auto` after a commit: one log in sixteen (the new commit's first hex
    /// digit is 1) reads `objects/17/`, and once more loose objects than `gc.auto` (`threshold`,
    /// from the tip) have gathered, `alog-full gc --auto` packs them in the background (it
    /// does nothing while another pack runs).
    private func packLooseObjectsNowAndThen(after commit: String, threshold: Int) {
        guard threshold > 0, commit.hasPrefix("1"),
            LooseObjectFile(directory: gitDirectory + "objects/", syncs: false).exceeds(threshold)
        else { return }
        _ = FullCLI.startInBackground(["gc", "--auto", "--vault", root])
    }

    /// The index patch of this vault (through alog's claim, with its record).
    private func indexPatch(_ state: StateDirectory) -> IndexPatch {
        IndexPatch(
            gitDirectory: gitDirectory, workingDirectory: root + "/", claim: state.indexLockClaim,
            record: state.indexRecord)
    }

    /// Moves the caches on to the new commit, as the full CLI does after a write.
    private func finish(_ landed: Landed, ground: Ground, summary: StatusSummary, state: StateDirectory) {
        try? CacheFile.write(state.summaryCache, key: landed.commit, payload: summary.serialized())
        try? WarmStatus.widgetStore(gitDirectory: gitDirectory).refresh(from: summary)
        try? FileSystem.overwrite(
            state.dayNotesSetting, DayNotesSettingCache.encode(commit: landed.commit, setting: []))
        var tip = ground.tip
        tip.levels = landed.levels
        tip.write(state.commitTip, commit: landed.commit)
    }
}
