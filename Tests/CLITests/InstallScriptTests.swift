import Foundation
import TestSupport
import Testing

/// `scripts/install.sh` (issue 44): the built executables side by side in a prefix, the shell
/// completions and the man page beside it, and `--uninstall` taking exactly those away. Run
/// against the test build's own products (`--from`), on a temporary prefix.
@Suite("scripts/install.sh on a temporary prefix", .tags(.process))
struct InstallScriptTests {
    /// The package's root: this file is Tests/CLITests/InstallScriptTests.swift.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    func listing(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }

    @Test("install puts the four executables, completions and man page in place; uninstall leaves the prefix empty")
    func installAndUninstall() throws {
        let dir = TemporaryDirectory()
        let home = dir.sub("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let root = dir.sub("root")
        let prefix = root + "/bin"
        let env = ["HOME": home, "XDG_DATA_HOME": home + "/data", "PATH": "/usr/bin:/bin", "TZ": "UTC"]
        let script = Self.repository + "/scripts/install.sh"

        let installed = try runProcess(
            "/bin/bash", [script, "--from", productsDirectory, prefix], in: dir.path, environment: env)
        #expect(installed.succeeded, "\(installed.stdout) \(installed.stderr)")
        #expect(installed.stdout.contains("is not on your PATH"), "\(installed.stdout)")
        for name in ["alog", "alog-full", "alog-notes", "alog-serve"] {
            #expect(FileManager.default.isExecutableFile(atPath: prefix + "/" + name), "\(name)")
        }
        let share = root + "/share"
        #expect(try readFile(share + "/bash-completion/completions/alog").contains("complete -o filenames"))
        #expect(try readFile(share + "/zsh/site-functions/_alog").hasPrefix("#compdef alog"))
        #expect(try readFile(share + "/fish/vendor_completions.d/alog.fish").contains("complete -c 'alog'"))
        let page = try readFile(share + "/man/man1/alog.1")
        #expect(page.hasPrefix(".TH ALOG 1"))
        #expect(page.contains(".SH \"ALOG LOG\"") && page.contains(".SH \"ALOG SYNC\""), "a section per command")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            let shown = try runProcess(
                "/usr/bin/man", ["-l", share + "/man/man1/alog.1"], environment: ["MANWIDTH": "80"])
            #expect(shown.succeeded && shown.stdout.contains("USAGE: alog log"), "\(shown.stderr)")
        }

        // The installed front on its own: --help, and a command it hands to alog-full beside it.
        #expect(try runProcess(prefix + "/alog", ["--help"], environment: env).stdout.contains("USAGE: alog"))
        let vault = dir.sub("vault")
        #expect(try runProcess(prefix + "/alog", ["init", "--vault", vault], environment: env).succeeded)
        #expect(try runProcess(prefix + "/alog", ["log", "meal", "--vault", vault], environment: env).succeeded)
        let history = try runProcess(prefix + "/alog", ["history", "--vault", vault], environment: env)
        #expect(history.succeeded, "\(history.stderr)")
        #expect(history.stdout.contains("meal"))
        // Installing made no vault of the user's.
        #expect(!FileManager.default.fileExists(atPath: home + "/data/alog"))

        let removed = try runProcess("/bin/bash", [script, "--uninstall", prefix], in: dir.path, environment: env)
        #expect(removed.succeeded, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root), "left behind: \(listing(root))")
        let again = try runProcess("/bin/bash", [script, "--uninstall", prefix], in: dir.path, environment: env)
        #expect(again.status == 1)
        #expect(again.stderr.contains("nothing to uninstall"))
    }

    @Test("uninstall removes only what install put there")
    func uninstallKeepsOthers() throws {
        let dir = TemporaryDirectory()
        let prefix = dir.sub("usr/bin")
        let mine = [
            prefix + "/mytool", dir.sub("usr/share/man/man1/mytool.1"), dir.sub("usr/share/zsh/site-functions/_mytool"),
        ]
        for file in mine {
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try writeFile(file, "mine\n")
        }
        let script = Self.repository + "/scripts/install.sh"
        let env = ["HOME": dir.path, "PATH": prefix + ":/usr/bin:/bin"]
        let installed = try runProcess("/bin/bash", [script, "--from", productsDirectory, prefix], environment: env)
        #expect(installed.succeeded, "\(installed.stderr)")
        #expect(!installed.stdout.contains("not on your PATH"))
        #expect(try runProcess("/bin/bash", [script, "--uninstall", prefix], environment: env).succeeded)
        #expect(
            listing(dir.sub("usr")) == [
                "bin", "bin/mytool", "share", "share/man", "share/man/man1", "share/man/man1/mytool.1", "share/zsh",
                "share/zsh/site-functions", "share/zsh/site-functions/_mytool",
            ])
    }
}
