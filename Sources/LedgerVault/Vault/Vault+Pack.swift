import LedgerGit
import LedgerGitLayout
import LedgerSystem

/// Keeping the vault's loose objects few. Every commit alog writes adds eight or so loose
/// object files; git itself packs them once there are more than `gc.auto` (6,700) when one of
/// its commands runs `gc --auto`, but a vault only alog writes to never sees that. Thousands of
/// files in `.git/objects/` slow every later commit down (each object folder grows an index
/// that must be read back after the kernel drops it from its cache) and every backup or sync
/// tool that walks the vault.
extension Vault {
    public struct PackOutcome: Sendable, Equatable {
        /// The loose objects written into the new pack and removed (0: nothing was done).
        public var packed: Int
        /// The loose objects estimated before (as `git gc --auto` counts them).
        public var estimated: Int
        /// The `gc.auto` threshold in force (0 or less: never automatically).
        public var threshold: Int
        /// Another pack of this vault was running: this one did nothing.
        public var alreadyRunning = false
    }

    /// Packs the loose objects: always when `automatic` is false (`alog gc`), else only when
    /// more than `gc.auto` are estimated, as `git gc --auto` decides.
    public func packLooseObjects(automatic: Bool) throws -> PackOutcome {
        let repository = try repository
        let threshold = try repository.automaticPackThreshold()
        let (estimated, overThreshold) = repository.looseObjects(against: threshold)
        guard !automatic || overThreshold else {
            return PackOutcome(packed: 0, estimated: estimated, threshold: threshold)
        }
        // Another pack running (the front's background one, a sync): nothing to add to it.
        try FileSystem.makeDirectories(stateDirectory)
        guard let held = try FileLock(attempting: stateFiles.packLock) else {
            return PackOutcome(packed: 0, estimated: estimated, threshold: threshold, alreadyRunning: true)
        }
        return try withExtendedLifetime(held) {
            PackOutcome(packed: try repository.packLooseObjects(), estimated: estimated, threshold: threshold)
        }
    }
}
