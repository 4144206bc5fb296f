#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A way to tell, after a crash, whether `.git/index.lock` is the one we took.
///
/// git's lock is a file created exclusively, and nothing in it says who created it. A writer
/// killed between taking the lock and renaming it over the index leaves it behind, and from
/// then on every index update fails — ours and the git CLI's — until someone removes it. But
/// a lock of the same name is also held, for as long as its editor is open, by a `git commit`
/// the user is typing a message for; removing that one would let two writers clobber the
/// index. So instead of creating `index.lock`, a writer creates the claim (a file of its own
/// elsewhere in the git directory) and hard-links it to `index.lock`: exactly as exclusive as
/// git's own creation, and while the lock exists, both names are the same inode. The claim
/// is removed once the lock is released.
///
/// `removeAbandonedIndexLock` is for the next writer, which must know that no writer using
/// this claim is alive (it holds the lock that serialises them): an `index.lock` that is the
/// claim's inode is then a dead writer's, and nothing else is.
package struct IndexLockClaim: Sendable {
    package let path: String

    package init(path: String) {
        self.path = path
    }
}

extension Repository {
    /// Removes `index.lock` if it is the one `claim` took (the claim's writer is known to be
    /// dead), and the claim. True if a lock was removed.
    @discardableResult
    package func removeAbandonedIndexLock(claim: IndexLockClaim) -> Bool {
        var claimed = stat()
        guard stat(claim.path, &claimed) == 0 else { return false }
        defer { unlink(claim.path) }
        let lockPath = gitDirectory + "index.lock"
        var lock = stat()
        guard stat(lockPath, &lock) == 0, lock.st_dev == claimed.st_dev, lock.st_ino == claimed.st_ino else {
            return false
        }
        return unlink(lockPath) == 0
    }
}
