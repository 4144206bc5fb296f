import Foundation
import TestSupport
import Testing

/// `CLibGit2Startup` defers what libgit2's start-up does only for network transfers (the CA
/// bundle's parse, the TLS seed, libssh2's start). In-process (`RepositoryTests`) the test
/// bundle exports every symbol, so the shim always caught libgit2's calls there; the shipped
/// executables are different: with libgit2 as a shared library, the dynamic loader binds
/// libgit2's calls to the executable's definitions only when the executable exports them. A
/// debug `alog-full` did not, and parsed the whole CA bundle on every start of libgit2 (~11 ms
/// of CPU). These tests watch the real executable through glibc's loader (`LD_DEBUG=bindings`).
@Suite("libgit2's transfer set-up is deferred in the real executables")
struct StartupDeferralTests {
    /// The loader's binding lines for one command of `alog-full` on a fresh vault.
    private func bindings(_ arguments: [String]) throws -> String {
        let folder = TemporaryDirectory("bindings")
        let vault = folder.sub("vault")
        try runProcess(productsDirectory + "/alog-full", ["init", "--vault", vault])
        let log = folder.sub("ld")
        let result = try runProcess(
            productsDirectory + "/alog-full", arguments + ["--vault", vault],
            environment: ["LD_DEBUG": "bindings", "LD_DEBUG_OUTPUT": log])
        #expect(result.succeeded, "\(result.stderr)")
        // glibc appends the process id to the file's name.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("ld.") }
        return try names.map { try String(contentsOfFile: folder.sub($0), encoding: .utf8) }.joined()
    }

    @Test("libgit2's start-up calls bind to alog-full's own definitions, so the CA bundle waits for a transfer")
    func executableCatchesLibgit2StartUp() throws {
        let lines = try bindings(["log", "meal"]).split(separator: "\n")
        // Linked statically (scripts/build-release.sh), libgit2 binds nothing at run time: the
        // link's `--wrap` does it there, and scripts/test.sh checks that build.
        guard lines.contains(where: { $0.contains("libgit2.so") }) else { return }
        for name in ["mbedtls_x509_crt_parse_file", "mbedtls_entropy_init"] {
            let binding = lines.filter { $0.contains("binding file") && $0.contains("libgit2.so") }
                .filter { $0.hasSuffix("`\(name)'") }
            #expect(binding.count == 1, "libgit2 bound \(name) once: \(binding)")
            #expect(
                binding.allSatisfy { $0.contains("/alog-full [0]") },
                "libgit2's \(name) went past alog-full's deferral (not exported?): \(binding)")
        }
    }
}
