import LedgerFuzzing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// alog-fuzz: the fuzzing harness of docs/robustness.md, in one process.
//
//     alog-fuzz [--seed N] [--arguments N] [--lines N] [--vaults N] [--inputs N] [--from N]
//               [--directory PATH] [--cursor PATH]
//
// Runs cases from..<from+N of each harness with the seed, prints the report, and exits 1 when
// anything was found (2 on a usage error). The cursor file names the case being run, so a
// crash can be reproduced with `--from INDEX` and a count of 1.

let usage = """
    usage: alog-fuzz [--seed N] [--arguments N] [--lines N] [--vaults N] [--inputs N] [--from N] [--directory PATH]
                     [--cursor PATH]
           alog-fuzz [--seed N] --print-arguments INDEX
           alog-fuzz [--seed N] --print-input INDEX
    """

var seed: UInt64 = 16
var counts = (arguments: 1_000_000, lines: 1_000_000, vaults: 100_000, inputs: 70_000)
var from = 0
var directory: String?
var cursorPath: String?
var arguments = Array(CommandLine.arguments.dropFirst())
func standardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
func fail(_ message: String) -> Never {
    standardError("alog-fuzz: \(message)\n\(usage)\n")
    exit(2)
}
while !arguments.isEmpty {
    let name = arguments.removeFirst()
    if name == "-h" || name == "--help" {
        print(usage)
        exit(0)
    }
    guard let value = arguments.first else { fail("\(name) needs a value") }
    arguments.removeFirst()
    func number() -> Int {
        guard let number = Int(value), number >= 0 else { fail("\(name) takes a whole number, not '\(value)'") }
        return number
    }
    switch name {
    case "--seed": seed = UInt64(number())
    case "--arguments": counts.arguments = number()
    case "--lines": counts.lines = number()
    case "--vaults": counts.vaults = number()
    case "--inputs": counts.inputs = number()
    case "--from": from = number()
    case "--directory": directory = value
    case "--cursor": cursorPath = value
    case "--print-arguments":
        // The command line of one case, to reproduce it by hand.
        print(ArgumentFuzzer(seed: seed).arguments(number()).map(\.debugDescription).joined(separator: " "))
        exit(0)
    case "--print-input":
        // The input of one case (its bytes, as they are), to reproduce it by hand.
        let (_, _, bytes) = InputFuzzer(seed: seed).input(number())
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        exit(0)
    default: fail("unknown option \(name)")
    }
}

let cursor = cursorPath.flatMap(FuzzCursor.init(path:))
var reports: [HarnessResult] = []
if counts.arguments > 0 {
    reports.append(ArgumentFuzzer(seed: seed).run(from..<(from + counts.arguments), cursor: cursor))
    print(reports[reports.count - 1].text)
}
if counts.lines > 0 {
    reports.append(EventLineFuzzer(seed: seed).run(from..<(from + counts.lines), cursor: cursor))
    print(reports[reports.count - 1].text)
}
if counts.inputs > 0 {
    reports.append(InputFuzzer(seed: seed).run(from..<(from + counts.inputs), cursor: cursor))
    print(reports[reports.count - 1].text)
}
if counts.vaults > 0 {
    var template = Array("\(directory ?? "/tmp")/alog-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fail("cannot make a directory under \(directory ?? "/tmp")") }
    let folder = String(cString: made)
    do {
        let fuzzer = try VaultDamageFuzzer(seed: seed, directory: folder + "/vault")
        reports.append(fuzzer.run(from..<(from + counts.vaults), cursor: cursor))
        print(reports[reports.count - 1].text)
    } catch {
        standardError("alog-fuzz: could not make the vault: \(error)\n")
        exit(1)
    }
    _ = system("rm -rf '\(folder)'")
}
let findings = reports.reduce(0) { $0 + $1.count(of: "findings") }
let cases = reports.reduce(0) { $0 + $1.cases }
let seconds = reports.reduce(0.0) { $0 + $1.seconds }
print("total: \(cases) cases in \(Int(seconds.rounded())) s, \(findings) findings")
exit(findings == 0 ? 0 : 1)
