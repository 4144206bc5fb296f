import CLibGit2
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `git gc`'s part for loose objects: `git repack -d` of what is stored loose, then
/// `git prune-packed`.
extension Repository {
    /// How many loose objects the repository holds, estimated as git's `gc --auto` does: the
    /// objects in `objects/17/` times 256 (one folder read, however many objects there are).
    package var looseObjectEstimate: Int {
        Self.looseObjectNames(in: commonDirectory + "objects/17").count * 256
    }

    /// `gc.auto`: how many loose objects git lets gather before `gc --auto` packs them (its
    /// default 6,700 when unset; 0 or less: never automatically).
    package func automaticPackThreshold() throws -> Int {
        Int(clamping: try configInteger("gc.auto") ?? 6_700)
    }

    /// Writes every loose object into one new pack (with its index) in `objects/pack`, then
    /// removes the loose copies: only after the pack is complete and counts every one of
    /// them, so each object is readable, loose or packed, throughout. Returns how many were
    /// packed (0: none was loose). A loose object that cannot be read stops it before
    /// anything is removed. Needs no lock: an object written meanwhile is either not seen
    /// (and stays loose) or packed before its loose copy goes, as `git gc` does it.
    package func packLooseObjects() throws -> Int {
        var found: [(path: String, id: ObjectID)] = []
        for byte in 0..<256 {
            let folder = commonDirectory + "objects/" + Self.fanOut[byte]
            for name in Self.looseObjectNames(in: folder) {
                if let id = ObjectID(hex: Self.fanOut[byte] + name) { found.append((folder + "/" + name, id)) }
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
        return written
    }

    private static let fanOut = (0..<256).map { byte in
        let digits = Array("0123456789abcdef")
        return String([digits[byte >> 4], digits[byte & 15]])
    }

    /// The names in a fan-out folder that are loose objects (38 lowercase hex digits), not the
    /// temporary files of a writer.
    private static func looseObjectNames(in folder: String) -> [String] {
        FileSystem.list(folder).filter { name in
            name.utf8.count == 38 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        }
    }
}
