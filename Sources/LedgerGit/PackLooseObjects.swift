import CLibGit2
import LedgerGitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `git gc`'s part for loose objects: `git repack -d` of what is stored loose, then
/// `git prune-packed`.
extension Repository {
    /// The loose objects, as files.
    private var looseFiles: LooseObjectFile {
        LooseObjectFile(directory: commonDirectory + "objects/", syncs: false)
    }

    /// How many loose objects the repository holds, estimated as git's `gc --auto` does: the
    /// objects in `objects/17/` times 256 (one folder read, however many objects there are).
    package var looseObjectEstimate: Int { looseFiles.looseNames(in: "17").count * 256 }

    /// Whether more loose objects than `threshold` have gathered (`git gc --auto`'s test).
    package func hasMoreLooseObjects(than threshold: Int) -> Bool { looseFiles.exceeds(threshold) }

    /// `gc.auto`: how many loose objects git lets gather before `gc --auto` packs them (its
    /// default 6,700 when unset; 0 or less: never automatically).
    package func automaticPackThreshold() throws -> Int {
        Int(clamping: try configInteger("gc.auto") ?? Int64(LooseObjectFile.defaultAutomaticThreshold))
    }

    /// Writes every loose object into one new pack (with its index) in `objects/pack`, then
    /// removes the loose copies, and the fan-out folders left empty: only after the pack is
    /// complete and counts every one of them, so each object is readable, loose or packed,
    /// throughout. Returns how many were
    /// packed (0: none was loose). A loose object that cannot be read stops it before
    /// anything is removed. Needs no lock: an object written meanwhile is either not seen
    /// (and stays loose) or packed before its loose copy goes, as `git gc` does it.
    package func packLooseObjects() throws -> Int {
        var found: [(path: String, id: ObjectID)] = []
        let files = looseFiles
        for byte in 0..<256 {
            let fanOut = Self.fanOut[byte]
            for name in files.looseNames(in: fanOut) {
                if let id = ObjectID(hex: fanOut + name) { found.append((files.path(of: fanOut + name), id)) }
            }
        }
        guard !found.isEmpty else { return 0 }
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, pointer), "git_packbuilder_new")
        defer { git_packbuilder_free(builder) }
        git_packbuilder_set_threads(builder, 0)  // one delta-search thread per CPU
        for object in found {
            var raw = object.id.raw
            try check(git_packbuilder_insert(builder, &raw, nil), "git_packbuilder_insert")
        }
        try check(
            git_packbuilder_write(builder, commonDirectory + "objects/pack", 0, nil, nil), "git_packbuilder_write")
        let written = Int(git_packbuilder_written(builder))
        guard written == found.count else {
            throw GitError(
                code: .other(-1), message: "the pack holds \(written) of \(found.count) loose objects",
                function: "git_packbuilder_write")
        }
        for object in found { unlink(object.path) }
        // As `git prune-packed`: a fan-out folder left empty goes too. ext4 never shrinks a
        // folder, so one that held hundreds of objects would stay an indexed folder of several
        // blocks for every later lookup; the next object writer makes a fresh one (a writer
        // racing this between its `mkdir` and its file fails as it would against git's gc).
        for fanOut in Set(found.map { $0.id.hex.prefix(2) }) { rmdir(files.directory + fanOut) }
        return written
    }

    private static let fanOut = (0..<256).map { byte in
        let digits = Array("0123456789abcdef")
        return String([digits[byte >> 4], digits[byte & 15]])
    }
}
