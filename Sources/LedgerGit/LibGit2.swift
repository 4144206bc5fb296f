import CLibGit2
import CLibGit2Startup

/// Process-wide libgit2 initialisation.
///
/// libgit2 must be initialised once before any other call. Swift initialises a global `let`
/// lazily and exactly once (thread-safely), so every entry point of this module touches
/// `LibGit2.ready` first. libgit2 is never shut down: the process exit releases it.
///
/// What libgit2 would do during its initialisation for network transfers only (parse the
/// system CA bundle, seed mbedTLS's random generator, start libssh2) is done only before the
/// first transfer (`prepareTransfers`); every local command saves those milliseconds. See
/// `Sources/CLibGit2Startup/startup.c`.
enum LibGit2 {
    static let ready: Void = {
        // libgit2 deflates every object it writes (loose, or into a pack) with a zlib stream of its
        // own, which allocates ~270 KB, zeroes it and frees it again. With glibc's default trim
        // threshold (128 KiB, adjusted on the fly) each free hands that memory back to the kernel:
        // `madvise` with a TLB shootdown on every CPU the process ran on, and 60-odd page faults to
        // get it back for the next object. A batch of 2,000 commits wrote ~10,000 objects and spent
        // a quarter of its time there. Keeping up to 32 MiB of freed memory, and serving blocks up
        // to 4 MiB from the heap rather than `mmap`, stops that churn; the process is short-lived
        // and its peak memory is unchanged.
        alog_keep_zlib_working_memory()
        _ = alog_libgit2_init_deferred()
        // Object creation is validated by our own code paths (we only reference objects we have
        // just written or read); skipping libgit2's extra existence checks keeps commits cheap.
        _ = alog_git_set_strict_object_creation(0)
        // libgit2 hashes every object it reads again (SHA-1 with collision detection) to check
        // it against its id. The git CLI does that only in `fsck`; here it was 28% of the
        // instructions of a `status` that folds one pulled commit on a 1M-event vault.
        // `alog verify` turns it back on (`verifyObjectHashesOnRead`).
        _ = alog_git_set_strict_hash_verification(0)
    }()

    /// Does the deferred TLS and SSH set-up and loads the TLS trust store, before a fetch, push
    /// or clone (once per process). A failure is not fatal here: an https transfer then fails
    /// (a TLS session is never set up on an unseeded generator, and without the trust store the
    /// certificate check fails) with libgit2's own message, and other transports use neither.
    @discardableResult
    static func prepareTransfers() -> Bool {
        _ = ready
        return alog_libgit2_prepare_transfers() == 0
    }

    /// The libgit2 version the process is running against, e.g. "1.5.1".
    static var version: String {
        _ = ready
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        git_libgit2_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}

/// From now on, every object read is hashed again and checked against its id (libgit2's
/// strict hash verification, off by default here for speed): a damaged object then fails to
/// load instead of being read as it is.
package func verifyObjectHashesOnRead() {
    _ = LibGit2.ready
    _ = alog_git_set_strict_hash_verification(1)
}

/// The version of the libgit2 library the process is linked against.
package var libgit2Version: String { LibGit2.version }

/// Does libgit2's deferred TLS and SSH set-up and loads its TLS trust store now (otherwise done
/// before the first transfer); true when the generator was seeded and the system's CA bundle
/// was read.
package func prepareLibgit2ForTransfers() -> Bool { LibGit2.prepareTransfers() }

/// CA-bundle parses skipped while libgit2 started, and parses passed on to mbedTLS since (both
/// stay 0 when libgit2 does not use mbedTLS).
package var libgit2TrustStoreParses: (skipped: Int, forwarded: Int) {
    _ = LibGit2.ready
    var skipped: Int32 = 0
    var forwarded: Int32 = 0
    alog_libgit2_trust_store_parses(&skipped, &forwarded)
    return (Int(skipped), Int(forwarded))
}

/// libgit2's calls to mbedTLS's entropy set-up and seed and to `libssh2_init` deferred while it
/// started, and how many of them have been done since (all 0 when libgit2 uses neither).
package var libgit2DeferredCalls: (deferred: Int, done: Int) {
    _ = LibGit2.ready
    var deferred: Int32 = 0
    var done: Int32 = 0
    alog_libgit2_deferred_calls(&deferred, &done)
    return (Int(deferred), Int(done))
}

/// From now on, libgit2 reads no configuration file outside a repository (no global, XDG or
/// system file; they are looked for in the empty `folder`). A process that runs commands
/// inside itself (the test suite, through `Invocation`) calls this once, so they see no
/// user's `~/.gitconfig`, as a child process given a home of its own would not.
package func readNoConfigurationOutsideRepositories(folder: String) {
    _ = LibGit2.ready
    for level in [GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_PROGRAMDATA]
    {
        _ = alog_git_set_config_search_path(level, folder)
    }
}
