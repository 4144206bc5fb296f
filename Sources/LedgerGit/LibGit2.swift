import CLibGit2

/// Process-wide libgit2 initialisation.
///
/// libgit2 must be initialised once before any other call. Swift initialises a global `let`
/// lazily and exactly once (thread-safely), so every entry point of this module touches
/// `LibGit2.ready` first. libgit2 is never shut down: the process exit releases it.
enum LibGit2 {
    static let ready: Void = {
        git_libgit2_init()
        // Object creation is validated by our own code paths (we only reference objects we have
        // just written or read); skipping libgit2's extra existence checks keeps commits cheap.
        _ = alog_git_set_strict_object_creation(0)
    }()

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

/// The version of the libgit2 library the process is linked against.
public var libgit2Version: String { LibGit2.version }
