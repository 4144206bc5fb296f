import CLibGit2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error reported by libgit2, carrying the failing call and libgit2's own message.
package struct GitError: Error, CustomStringConvertible, Sendable, Equatable {
    package enum Code: Sendable, Equatable {
        case notFound
        case exists
        case ambiguous
        /// A reference moved under us (compare-and-swap lost) or a file was modified concurrently.
        case modified
        case locked
        case unbornBranch
        case nonFastForward
        case conflict
        case authentication
        case other(Int32)
    }

    package let code: Code
    /// The raw libgit2 return code (negative).
    package let rawCode: Int32
    /// The libgit2 error class (`GIT_ERROR_*`); not the same thing as the return code.
    package let errorClass: Int32
    package let message: String
    /// The libgit2 function that failed, e.g. `git_commit_create`.
    package let function: String

    package init(code: Code, message: String, function: String, rawCode: Int32 = -1, errorClass: Int32 = 0) {
        self.code = code
        self.message = message
        self.function = function
        self.rawCode = rawCode
        self.errorClass = errorClass
    }

    /// What is wrong and the fix, in alog's words: libgit2's message is kept (it names the
    /// file or the ref), its function name is not shown.
    package var description: String {
        if let (reason, path, fix) = systemError { return "\(reason)\(path.map { " (\($0))" } ?? ""); \(fix)" }
        return "\(problem); \(fix)"
    }

    /// Which part of the repository failed, as data: a shell adds its own way out (the CLI
    /// names `alog repair` for a damaged reference, `alog sync` for missing objects).
    package enum Area: Sendable, Equatable {
        case head, reference, objectStore, other
    }

    package var area: Area {
        guard systemError == nil, !isFolderInPlace else { return .other }
        switch klass {
        case GIT_ERROR_REFERENCE.rawValue: return message.contains("HEAD") ? .head : .reference
        case let klass where Self.objectStoreClasses.contains(klass): return .objectStore
        default: return .other
        }
    }

    /// The libgit2 error classes of a damaged object store (objects, their compression, hashes,
    /// trees).
    private static let objectStoreClasses = [
        GIT_ERROR_ODB.rawValue, GIT_ERROR_OBJECT.rawValue, GIT_ERROR_ZLIB.rawValue, GIT_ERROR_SHA.rawValue,
        GIT_ERROR_TREE.rawValue,
    ]

    /// What git itself offers against a damaged reference (`fix` says it, then that nothing was
    /// written; a shell may add a way out of its own between the two).
    package static let referenceRemedy = "'git show-ref' and 'git fsck' show which"
    /// What git itself offers against a damaged object store, as `referenceRemedy`.
    package static let objectStoreRemedy =
        "'git fsck' lists what is missing or damaged; restore it from another clone or a backup"

    /// True for damage to the local repository (configuration, references, objects, index),
    /// as opposed to a failure of the network or of the other side.
    package var isLocalDamage: Bool {
        [
            GIT_ERROR_CONFIG.rawValue, GIT_ERROR_REFERENCE.rawValue, GIT_ERROR_ODB.rawValue, GIT_ERROR_OBJECT.rawValue,
            GIT_ERROR_ZLIB.rawValue, GIT_ERROR_INDEX.rawValue,
        ].contains(klass)
    }

    /// True when this side could not write what it received or built (a full disk, a
    /// file-size limit, a read-only or forbidden folder), as opposed to a remote that cannot
    /// be reached.
    package var isLocalWriteFailure: Bool {
        let local = [
            GIT_ERROR_OS.rawValue, GIT_ERROR_INDEXER.rawValue, GIT_ERROR_FILESYSTEM.rawValue, GIT_ERROR_ODB.rawValue,
        ]
        let causes = [
            "No space left on device", "File too large", "Disk quota exceeded", "Read-only file system",
            "Permission denied",
        ]
        return local.contains(klass) && causes.contains { message.contains($0) }
    }

    /// `errorClass` as the `git_error_t` values are typed.
    private var klass: UInt32 { UInt32(bitPattern: errorClass) }

    /// What went wrong, from libgit2's error class and message.
    package var problem: String {
        let text = message.isEmpty ? "error \(rawCode)" : message
        if isFolderInPlace {
            guard let path = quotedPath else { return "a folder stands where git expects a file (\(text))" }
            return "'\(path)' is a folder where git expects a file"
        }
        switch klass {
        case GIT_ERROR_CONFIG.rawValue: return "git's configuration cannot be read (\(text))"
        case GIT_ERROR_REFERENCE.rawValue:
            return message.contains("HEAD")
                ? "the repository's HEAD is damaged (\(text))" : "a git reference is damaged or invalid (\(text))"
        case let klass where Self.objectStoreClasses.contains(klass):
            return "the repository's object store is damaged (\(text))"
        case GIT_ERROR_INDEX.rawValue: return "the git index (.git/index) cannot be read (\(text))"
        case GIT_ERROR_REPOSITORY.rawValue: return "the git repository cannot be opened (\(text))"
        case GIT_ERROR_NET.rawValue, GIT_ERROR_SSL.rawValue, GIT_ERROR_SSH.rawValue, GIT_ERROR_HTTP.rawValue:
            return "the transfer failed (\(text))"
        default: return "git reported: \(text)"
        }
    }

    /// What to do about `problem`.
    var fix: String {
        if isFolderInPlace {
            let moved = quotedPath.map { ": mv \(Self.shellWord($0)) \(Self.shellWord($0 + ".folder"))" } ?? ""
            return quotedPath == nil
                ? "'git status' shows which file it is; move that folder away, then retry. Nothing was written"
                : "move it away\(moved), then retry. Nothing was written"
        }
        switch klass {
        case GIT_ERROR_CONFIG.rawValue:
            return
                "correct the line or the setting named there ('git config --edit' opens the vault's file), then retry. Nothing was written"
        case GIT_ERROR_REFERENCE.rawValue where message.contains("HEAD"):
            return
                "point HEAD at your branch again ('git symbolic-ref HEAD refs/heads/main', or write 'ref: refs/heads/main' into .git/HEAD), then retry. Nothing was written"
        case GIT_ERROR_REFERENCE.rawValue: return Self.referenceRemedy + ". Nothing was written"
        case let klass where Self.objectStoreClasses.contains(klass):
            return Self.objectStoreRemedy + ". Nothing was written"
        case GIT_ERROR_INDEX.rawValue:
            return
                "'git status' shows whether git can read it; 'rm .git/index && git reset' rebuilds it from HEAD. Nothing was committed"
        case GIT_ERROR_NET.rawValue, GIT_ERROR_SSL.rawValue, GIT_ERROR_SSH.rawValue, GIT_ERROR_HTTP.rawValue:
            return "check the address and the connection, then retry. Nothing was changed"
        default:
            return
                "'git status' and 'git fsck' in the vault show whether git itself can read it; fix what they report, then retry"
        }
    }

    /// The system's error when libgit2 failed on one (its messages for OS errors end in the
    /// `strerror` text and usually quote the path), with what to do about it; nil for others.
    package var systemError: (reason: String, path: String?, fix: String)? {
        for (code, fix) in Self.systemErrors {
            let reason = String(cString: strerror(code))
            guard message.hasSuffix(": " + reason) || message == reason else { continue }
            return (reason, quotedPath, fix)
        }
        return nil
    }

    /// True for a folder where libgit2 wanted to read a file (a note, a ledger file or a day
    /// note someone turned into a folder): libgit2 says it as the object store's error
    /// (`GIT_EDIRECTORY`, "cannot create blob from '…': it is a directory") or as the system's
    /// ("…: Is a directory", without the path), neither of which is the cause a user can act
    /// on.
    package var isFolderInPlace: Bool {
        let isDirectory = String(cString: strerror(EISDIR))
        return rawCode == GIT_EDIRECTORY.rawValue || message.hasSuffix(": " + isDirectory) || message == isDirectory
    }

    /// The first path libgit2's message quotes ('…'), if any.
    private var quotedPath: String? {
        guard let open = message.firstIndex(of: "'"),
            let close = message[message.index(after: open)...].firstIndex(of: "'")
        else { return nil }
        return String(message[message.index(after: open)..<close])
    }

    /// `path` as one shell word.
    private static func shellWord(_ path: String) -> String {
        let plain = !path.isEmpty && path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@%,~".contains($0) }
        return plain ? path : "'" + path.replacing("'", with: "'\\''") + "'"
    }

    /// The OS errors a user can act on, and how.
    static let systemErrors: [(Int32, String)] = [
        (ENOSPC, "free some disk space, then retry"),
        (EDQUOT, "free some space or raise the disk quota, then retry"),
        (EFBIG, "a file size limit (ulimit -f) stopped the write; raise it, then retry"),
        (EACCES, "check the permissions of that file and its folder"),
        (EPERM, "check the permissions of that file and its folder"),
        (EROFS, "the file system is read-only; remount it writable or move the vault"),
        (EIO, "the disk reported an input/output error; check it, then retry"),
    ]

    /// Builds the error for a failed call. Must be called right after the call, on the same
    /// thread: libgit2 keeps its last error per thread, and 1.5.1 may have none at all.
    static func last(_ rc: Int32, _ function: String) -> GitError {
        var message = "error \(rc)"
        var errorClass: Int32 = 0
        if let last = git_error_last(), let text = last.pointee.message {
            message = String(cString: text)
            errorClass = last.pointee.klass
        }
        return GitError(
            code: Code(rc), message: message, function: function, rawCode: rc, errorClass: errorClass)
    }
}

extension GitError.Code {
    init(_ rc: Int32) {
        switch rc {
        case GIT_ENOTFOUND.rawValue: self = .notFound
        case GIT_EEXISTS.rawValue: self = .exists
        case GIT_EAMBIGUOUS.rawValue: self = .ambiguous
        case GIT_EMODIFIED.rawValue: self = .modified
        case GIT_ELOCKED.rawValue: self = .locked
        case GIT_EUNBORNBRANCH.rawValue: self = .unbornBranch
        case GIT_ENONFASTFORWARD.rawValue: self = .nonFastForward
        case GIT_ECONFLICT.rawValue, GIT_EMERGECONFLICT.rawValue: self = .conflict
        case GIT_EAUTH.rawValue: self = .authentication
        default: self = .other(rc)
        }
    }
}

/// `check` for a libgit2 call that writes an object, made again (twice at most) when it failed
/// because a fan-out folder of `objects/` vanished under it: `git gc` (prune-packed) removes
/// the folders it empties, maybe between libgit2 making the folder and renaming the object into
/// it. git's own object writer makes the folder again and retries; libgit2 1.5's does not.
@discardableResult
func checkObjectWrite(_ function: String, _ call: () -> Int32) throws(GitError) -> Int32 {
    var attempt = 0
    while true {
        let rc = call()
        if rc >= 0 { return rc }
        let error = GitError.last(rc, function)
        attempt += 1
        guard attempt < 3, error.errorClass == GIT_ERROR_OS.rawValue,
            error.message.hasSuffix(String(cString: strerror(ENOENT)))
        else { throw error }
    }
}

/// Throws a `GitError` when a libgit2 call returned a negative code; passes other codes through.
@discardableResult
func check(_ rc: Int32, _ function: String) throws(GitError) -> Int32 {
    if rc < 0 { throw GitError.last(rc, function) }
    return rc
}
