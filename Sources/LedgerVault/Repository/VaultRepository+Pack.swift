import LedgerGit
import LedgerGitFiles
import LedgerGitLayout
import LedgerSystem

/// Keeping the vault's objects in few files. Every commit alog writes adds eight or so loose
/// object files, and every sync that receives something adds a pack; git itself packs loose
/// objects past `gc.auto` (6,700) and merges packs past `gc.autoPackLimit` (50) when one of its
/// commands runs `gc --auto`, but a vault only alog writes to never sees that. Thousands of
/// files in `.git/objects/` slow every later commit down (each object folder grows an index
/// that must be read back after the kernel drops it from its cache) and every backup or sync
/// tool that walks the vault; every pack is one more index to search for each object read.
extension VaultRepository {
    public struct PackOutcome: Sendable, Equatable {
        /// The loose objects written into the new pack and removed (0: none were).
        public var packed: Int
        /// The loose objects estimated before (as `git gc --auto` counts them).
        public var estimated: Int
        /// The `gc.auto` threshold in force (0 or less: never automatically).
        public var threshold: Int
        /// Another pack of this vault was running: this one did nothing.
        public var alreadyRunning = false
        /// The packs merged into the new one (0: none were).
        public var packsMerged = 0
        /// The packs there were before (not counting those a `.keep` file holds).
        public var packs = 0
        /// The `gc.autoPackLimit` in force (0 or less: never automatically).
        public var packLimit = 0
    }

    /// Packs the objects. `alog gc` (`automatic` false): the loose objects and every pack into
    /// one pack, as `git gc` does. `--auto`, as `git gc --auto` decides, and never when
    /// `gc.auto` is 0: past `gc.autoPackLimit` packs, the loose objects and the small packs
    /// merged the way `git repack --geometric=2` picks them (the big pack of the history stays
    /// as it is, so the work follows what came lately); else past `gc.auto` loose objects,
    /// those into a new pack.
    public func packObjects(automatic: Bool) throws -> PackOutcome {
        let repository = try repository
        let threshold = try repository.automaticPackThreshold()
        let limit = try repository.automaticPackLimit()
        let (estimated, overThreshold) = repository.looseObjects(against: threshold)
        // The packs to merge, or nil when there is nothing to do.
        func choice(_ packs: [PackFile]) -> [PackFile]? {
            if !automatic { return packs }
            if threshold > 0, limit > 0, packs.count > limit { return PackFile.geometricRollUp(packs) }
            return overThreshold ? [] : nil
        }
        let packs = repository.packs().filter { !$0.kept }
        var outcome = PackOutcome(
            packed: 0, estimated: estimated, threshold: threshold, packs: packs.count, packLimit: limit)
        guard choice(packs) != nil else { return outcome }
        // Another pack running (the front's background one, a sync): nothing to add to it.
        try FileSystem.makeDirectories(stateDirectory)
        guard let held = try FileLock(attempting: stateFiles.packLock) else {
            outcome.alreadyRunning = true
            return outcome
        }
        return try withExtendedLifetime(held) {
            // Listed again under the lock: a gc that ended meanwhile may have merged some.
            let current = repository.packs().filter { !$0.kept }
            outcome.packs = current.count
            guard let merging = choice(current) else { return outcome }
            let done = try repository.repack(merging: merging)
            (outcome.packed, outcome.packsMerged) = (done.loose, done.packs)
            return outcome
        }
    }
}
