import LedgerFuzzing
import TestSupport
import Testing

/// The harnesses of `alog-fuzz` (docs/robustness.md) at a size for every test run, with fixed
/// seeds: no crash, no hang, every refusal one clear line, no write on refusal.
@Suite struct FuzzTests {
    /// 2,500 lines: the argument parser's reflection costs ~10 ms a line in a debug build
    /// (`alog-fuzz` runs a million in release).
    @Test func argumentsThroughEveryReader() {
        let report = ArgumentFuzzer(seed: 16).run(0..<2_500)
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(report.count(of: "accepted") > 100)
        #expect(report.count(of: "refused by the parser") > 100)
        #expect(report.count(of: "refused by a check") > 5)
        #expect(report.count(of: "front") > 10)
    }

    @Test func eventLinesThroughTheReader() {
        let report = EventLineFuzzer(seed: 16).run(0..<10_000)
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(report.count(of: "unmutated") > 1_000)
        #expect(report.count(of: "refused") > 1_000)
    }

    @Test func damagedVaults() throws {
        let directory = TemporaryDirectory("alog-fuzz")
        let fuzzer = try VaultDamageFuzzer(seed: 16, directory: directory.sub("vault"))
        let report = fuzzer.run(0..<2_000)
        #expect(report.findings.isEmpty, "\(report.text)")
        #expect(report.count(of: "refused") > 50)
        #expect(report.count(of: "opened") > 50)
    }
}
