import ArgumentParser
import LedgerCore
import LedgerMessages
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A refusal of the library (a `VaultError`, `SyncError`, `TimerError` or `GitError`, data) with
/// its words from LedgerMessages and its stable code: what the CLI prints, on a terminal or as
/// `--json`.
struct Refusal: Error, CodedError, CustomStringConvertible {
    var code: ErrorCode
    var description: String

    /// `error` ready to be said: a library refusal gets its sentence, a failed file operation
    /// its file, the system's reason and what to do; any other error is returned as it is (it
    /// says itself).
    /// `command`: the command line's command (`import`), said with a failed file operation.
    static func presentable(_ error: any Error, command: String? = nil) -> any Error {
        if let failure = error as? FileSystem.Failure {
            return Refusal(code: .fileSystem, description: sentence(failure, command: command))
        }
        guard let sentence = Messages.sentence(for: error) else { return error }
        return Refusal(code: Alog.errorCode(for: error, exit: .failure), description: sentence)
    }

    /// A file operation the system refused, said with the file, the operation and the way out
    /// (instead of the bare `read PATH: Input/output error`).
    static func sentence(_ failure: FileSystem.Failure, command: String? = nil) -> String {
        let who = command.map { "alog \($0) " } ?? ""
        let what = "\(who)could not \(failure.operation) \(DisplayText.quoted(failure.path)) (\(failure.reason))"
        return "\(what); \(fix(failure.code)). The command stopped there"
    }

    /// What to do about a failure with `code` (errno).
    static func fix(_ code: Int32) -> String {
        switch code {
        case EMFILE, ENFILE:
            var limit = rlimit()
            let current = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? ", now \(limit.rlim_cur)" : ""
            return code == EMFILE
                ? "alog ran out of open files: the file is fine, but the limit of open files per process is too low ('ulimit -n'\(current)); raise it (ulimit -n 1024), then retry"
                : "the system ran out of open files: the file is fine; close some programs, then retry"
        case ENOMEM: return "the system ran out of memory: the file is fine; close some programs, then retry"
        case EIO:
            return
                "the disk reported an input/output error reading or writing it; check the disk (and dmesg), then retry"
        case ENOSPC, EDQUOT: return "the disk is full; free some space, then retry"
        case EFBIG: return "a file size limit ('ulimit -f') stopped the write; raise it, then retry"
        case EACCES, EPERM: return "this user may not; check the permissions of the file and its folder"
        case EROFS: return "the file system is read-only; remount it writable, or use a vault elsewhere"
        case EISDIR: return "it is a folder where alog expects a file; move the folder out of the way"
        case ENOENT, ENOTDIR: return "it, or a folder on its path, does not exist"
        default: return "check the file and its folder, then retry"
        }
    }
}
