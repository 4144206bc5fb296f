import CLibGit2
import LedgerGitFiles

/// Loose objects written and read by alog itself, stored without compression
/// (`LooseObjectFile`): for trees edited on their bytes (`splicedTree`), inside
/// `writingObjectsDirectly`.
///
/// Why: the day notes' folder is one tree of ~1,100 entries (45 KB), rewritten on every
/// commit. Through libgit2 that cost, per commit, a deflate of the new tree (zlib level 1,
/// ~3.7 M instructions), its SHA-1 with collision detection (~1.5 M), and the inflate and the
/// same SHA-1 again of the old tree read back (~2 M). A tree is mostly 20-byte ids, which
/// barely compress (45 KB → 27 KB at level 1). Here the object is stored as zlib's stored
/// blocks, its id hashed with libcrypto's SHA-1 (LedgerCrypto), and read back by copying its blocks, its
/// id checked as libgit2's strict read checks it. An object in any other form (written by git,
/// packed) is read through libgit2.
struct LooseObjects {
    let file: LooseObjectFile

    init(directory: String, syncs: Bool) {
        file = LooseObjectFile(directory: directory, syncs: syncs)
    }

    /// The content of the object `id` when it is a loose object of `type` stored in the form
    /// `write` gives it (uncompressed blocks), checked against its id; nil for any other
    /// object, which the caller reads through libgit2.
    func readStored(_ id: ObjectID, type: String) -> [UInt8]? {
        file.readStored(id.bytes, type: type)
    }

    /// Writes `content` as a loose object of `type` (uncompressed) and returns its id.
    func write(_ content: [UInt8], type: String) throws -> ObjectID {
        do {
            return ObjectID(bytes: try file.write(content, type: type))!
        } catch {
            // As libgit2's own error would read.
            throw GitError(
                code: .other(-1), message: "failed to \(error.operation) '\(error.path)': \(error.reason)",
                function: "alog loose object write")
        }
    }
}
