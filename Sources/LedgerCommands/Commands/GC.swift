import ArgumentParser
import LedgerVault

struct GC: OutcomeCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Pack the vault's loose git objects into one pack file.",
        discussion: """
            Every commit adds a few object files under .git/objects/; thousands of them slow later \
            commits and any tool that copies the vault. This writes them into one pack and removes \
            the loose copies, as 'git gc' does for them (it prunes nothing). 'alog sync', and now and \
            then 'alog log' in the background, do it by themselves once more than gc.auto (6700 \
            unless configured; 0 turns it off) have gathered, as git does.
            """)

    @Flag(help: "Only when more loose objects than gc.auto have gathered, as 'alog sync' decides.")
    var auto = false

    @OptionGroup var options: VaultOptions

    func execute() throws -> Vault.PackOutcome { try options.open().packLooseObjects(automatic: auto) }

    func render(_ outcome: Vault.PackOutcome) {
        if outcome.alreadyRunning {
            emitLine("another 'alog gc' is packing this vault's loose objects now: nothing to do")
        } else if outcome.packed > 0 {
            emitLine("packed \(outcome.packed) loose object\(outcome.packed == 1 ? "" : "s")")
        } else if auto && outcome.threshold <= 0 {
            emitLine("gc.auto is \(outcome.threshold): never automatically")
        } else if auto {
            emitLine(
                "about \(outcome.estimated) loose objects, not more than gc.auto (\(outcome.threshold)): nothing to do")
        } else {
            emitLine("no loose objects: nothing to do")
        }
    }
}
