import CLibGit2
package import LedgerGitFiles
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `git repack`, as `git gc` runs it: the loose objects, and the objects of the packs named,
/// written into one new pack; then the loose copies and those packs removed
/// (`git prune-packed`). Nothing is pruned: every object that was stored is stored after.
extension Repository {
    /// The loose objects, as files.
    private var looseFiles: LooseObjectFile {
        LooseObjectFile(directory: commonDirectory + "objects/", syncs: false)
    }

    private var packDirectory: String { commonDirectory + "objects/pack/" }

    /// `git gc --auto`'s look at the loose objects, from one read of `objects/17/`: how many
    /// there are, estimated (256 times those there), and whether that is more than `threshold`.
    package func looseObjects(against threshold: Int) -> (estimate: Int, overThreshold: Bool) {
        let sampled = looseFiles.sampledCount()
        return (sampled * 256, LooseObjectFile.exceeds(sampled: sampled, threshold))
    }

    /// `gc.auto`: how many loose objects git lets gather before `gc --auto` packs them (its
    /// default 6,700 when unset; 0 or less: never automatically, neither loose objects nor
    /// packs).
    package func automaticPackThreshold() throws -> Int {
        Int(clamping: try configInteger("gc.auto") ?? Int64(LooseObjectFile.defaultAutomaticThreshold))
    }

    /// `gc.autoPackLimit`: how many packs (not counting kept ones) git lets gather before
    /// `gc --auto` merges them (its default 50; 0 or less: never).
    package func automaticPackLimit() throws -> Int {
        Int(clamping: try configInteger("gc.autoPackLimit") ?? 50)
    }

    /// The packs in `objects/pack`, by name.
    package func packs() -> [PackFile] { PackFile.list(in: packDirectory) }

    /// What a repack did.
    package struct Repacked: Sendable, Equatable {
        /// Loose objects now packed (their loose copies removed).
        package var loose = 0
        /// Packs merged into the new one (and removed).
        package var packs = 0
    }

    /// Writes every loose object, and every object of `packs`, into one new pack (with its
    /// index) in `objects/pack`; then removes the loose copies, the fan-out folders left empty,
    /// and the packs merged: only after the new pack is complete and counts every object, so
    /// each is readable, loose or packed, throughout. Nothing is done when there is no loose
    /// object and fewer than two packs are named. A loose object or a pack that cannot be read
    /// stops it before anything is removed. Needs no lock: an object written meanwhile is
    /// either not seen (and stays loose) or packed before its loose copy goes, and a pack
    /// written meanwhile (a fetch) is not named, as with `git gc`. A process that found its
    /// object in a merged pack before the removal keeps reading it (the file stays open); one
    /// that looks later rescans the folder and finds the new pack.
    package func repack(merging packs: [PackFile] = []) throws -> Repacked {
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
        guard !found.isEmpty || packs.count >= 2 else { return Repacked() }
        var builder: OpaquePointer?
        try check(git_packbuilder_new(&builder, pointer), "git_packbuilder_new")
        defer { git_packbuilder_free(builder) }
        git_packbuilder_set_threads(builder, 0)  // one delta-search thread per CPU
        for object in found {
            var raw = object.id.raw
            try check(git_packbuilder_insert(builder, &raw, nil), "git_packbuilder_insert")
        }
        for pack in packs { try insertObjects(of: pack, into: builder) }
        try check(
            git_packbuilder_write(builder, String(packDirectory.dropLast()), 0, nil, nil), "git_packbuilder_write")
        // Before anything goes, the new pack must be complete and on the disk: its own index
        // counts every object inserted, and both files and the folder are flushed (libgit2
        // flushes a pack only under core.fsyncObjectFiles; git always does before a repack
        // deletes anything, or a power cut could leave an empty new pack and no old one).
        let inserted = Int(git_packbuilder_object_count(builder))
        guard let newName = git_packbuilder_name(builder).map({ "pack-" + String(cString: $0) }) else {
            throw GitError(code: .other(-1), message: "the new pack has no name", function: "git_packbuilder_name")
        }
        let written = packDirectory + newName
        let counted = PackFile.objectCount(index: written + ".idx")
        guard counted == inserted else {
            throw GitError(
                code: .other(-1), message: "the new pack's index counts \(counted ?? 0) of \(inserted) objects",
                function: "git_packbuilder_write")
        }
        guard FileSystem.syncFile(written + ".pack"), FileSystem.syncFile(written + ".idx") else {
            throw GitError(
                code: .other(-1), message: "the new pack \(newName) could not be flushed to disk",
                function: "fsync")
        }
        FileSystem.syncDirectory(of: written + ".pack")
        for object in found { unlink(object.path) }
        // As `git prune-packed`: a fan-out folder left empty goes too. ext4 never shrinks a
        // folder, so one that held hundreds of objects would stay an indexed folder of several
        // blocks for every later lookup; the next object writer makes a fresh one (a writer
        // racing this between its `mkdir` and its file fails as it would against git's gc).
        for fanOut in fanOuts { rmdir(files.directory + fanOut) }
        // The index first: a reader listing the folder from then on no longer sees the pack.
        // A pack byte for byte the same as the new one has its name: that one stays.
        let removed = packs.filter { $0.name != newName }
        for pack in removed {
            for suffix in [".idx", ".pack", ".rev", ".bitmap", ".mtimes"] { unlink(packDirectory + pack.name + suffix) }
        }
        // A multi-pack index (git maintenance writes one) would list packs that are gone; git's
        // repack removes it in this case too, and readers go by the packs' own indexes.
        if !removed.isEmpty {
            for name in FileSystem.list(packDirectory) where name.hasPrefix("multi-pack-index") {
                unlink(packDirectory + name)
            }
        }
        return Repacked(loose: found.count, packs: removed.count)
    }

    /// Inserts every object of `pack` (read through its own index, not the repository's
    /// whole database) into the pack being built.
    private func insertObjects(of pack: PackFile, into builder: OpaquePointer?) throws {
        var database: OpaquePointer?
        try check(git_odb_new(&database), "git_odb_new")
        defer { git_odb_free(database) }
        var backend: UnsafeMutablePointer<git_odb_backend>?
        try check(git_odb_backend_one_pack(&backend, packDirectory + pack.name + ".idx"), "git_odb_backend_one_pack")
        // The database owns the backend once added; until then it is this function's.
        let added = git_odb_add_backend(database, backend, 1)
        if added != 0, let free = backend?.pointee.free { free(backend) }
        try check(added, "git_odb_add_backend")
        try check(
            git_odb_foreach(
                database,
                { id, payload in git_packbuilder_insert(OpaquePointer(payload), id, nil) },
                UnsafeMutableRawPointer(builder)),
            "git_odb_foreach")
    }
}
