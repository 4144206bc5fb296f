import ArgumentParser
import LedgerVault

struct GC: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Pack the vault's git objects: loose objects and packs into one pack file.",
        discussion: """
            Every commit adds a few object files under .git/objects/, and every sync that receives \
            something adds a pack; thousands of files slow later commits and any tool that copies \
            the vault, and every pack is one more index to search. This writes the loose objects \
            and the packs into one pack and removes what it replaced, as 'git gc' does (it prunes \
            nothing; a pack held by a .keep file stays). 'alog sync', and now and then 'alog log' \
            in the background, do it by themselves, as 'git gc --auto' would: once more than \
            gc.auto loose objects (6700 unless configured) have gathered, and once more than \
            gc.autoPackLimit packs (50) have, merging then only the small packs the way 'git \
            repack --geometric=2' picks them. gc.auto 0 turns both off.
            """)

    @Flag(help: "Only past gc.auto loose objects or gc.autoPackLimit packs, as 'alog sync' decides.")
    var auto = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> VaultRepository.PackOutcome { try options.open().repo.packObjects(automatic: auto) }

    func render(_ outcome: VaultRepository.PackOutcome) {
        if outcome.alreadyRunning {
            emitLine("another 'alog gc' is packing this vault's objects now: nothing to do")
            return
        }
        var done: [String] = []
        if outcome.packed > 0 { done.append("packed \(outcome.packed) loose object\(outcome.packed == 1 ? "" : "s")") }
        if outcome.packsMerged > 0 {
            done.append("merged \(outcome.packsMerged) pack\(outcome.packsMerged == 1 ? "" : "s")")
        }
        if !done.isEmpty {
            emitLine(done.joined(separator: "; ") + " into one new pack")
        } else if auto && outcome.threshold <= 0 {
            emitLine("gc.auto is \(outcome.threshold): never automatically")
        } else if auto {
            let packs = "\(outcome.packs) pack\(outcome.packs == 1 ? "" : "s")"
            let packState =
                if outcome.packLimit <= 0 {
                    "\(packs), and gc.autoPackLimit is \(outcome.packLimit): never merged automatically"
                } else if outcome.packs > outcome.packLimit {
                    "\(packs), more than gc.autoPackLimit (\(outcome.packLimit)) but each at least twice all smaller ones together"
                } else {
                    "\(packs), not more than gc.autoPackLimit (\(outcome.packLimit))"
                }
            emitLine(
                "about \(outcome.estimated) loose objects, not more than gc.auto (\(outcome.threshold)); \(packState): nothing to do"
            )
        } else {
            emitLine(
                "no loose objects and \(outcome.packs == 0 ? "no pack" : "one pack"): nothing to do")
        }
    }
}
