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

    /// `git gc --auto`'s look at the loose objects, from one read of `objects/17/`: how many
    /// there are, estimated (256 times those there), and whether that is more than `threshold`.
    package func looseObjects(against threshold: Int) -> (estimate: Int, overThreshold: Bool) {
        let sampled = looseFiles.sampledCount()
        return (sampled * 256, LooseObjectFile.exceeds(sampled: sampled, threshold))
    }

    /// `gc.auto`: how many loose objects git lets gather before `gc --auto` packs them (its
    /// default 6,700 when unset; 0 or less: never automatically).
    package func automaticPackThreshold() throws -> Int {
        Int(clamping: try configInteger("gc.auto") ?? Int64(LooseObjectFile.defaultAutomaticThreshold))
    }

    /// Writes every loose object into one new pack (with its index) in `objects/pack`, then
    /// removes the loose copies, and the fan-out folders left empty: only after the pack is
    /// complete and counts every one of them, so each object is readable, loose or packed,
    /// throughout. Returns how many were packed (0: none was loose). A loose object that
    /// cannot be read stops it before anything is removed. Needs no lock: an object written
    /// meanwhile is either not seen (and stays loose) or packed before its loose copy goes, as
    /// `git gc` does it.
    package func packLooseObjects() throws -> Int {
        var found: [(path: String, id: ObjectID)] = []
        var fanOuts: [String] = []
        let files = looseFiles
        for byte in UInt8.min...UInt8.max {
            let fanOut = ObjectHash.hex([byte])
            let names = files.looseNames(in: fanOut)
            if !names.isEmpty { fanOuts.append(fanOut) }
            for name in names {
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
        for fanOut in fanOuts { rmdir(files.directory + fanOut) }
        return written
    }
}
