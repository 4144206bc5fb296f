// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ActivityLedger",
    products: [
        .executable(name: "alog", targets: ["alog"]),
        .executable(name: "alog-full", targets: ["alog-full"]),
        .executable(name: "alog-notes", targets: ["alog-notes"]),
        .executable(name: "alog-serve", targets: ["alog-serve"]),
        .library(name: "LedgerCore", targets: ["LedgerCore"]),
        .library(name: "LedgerVault", targets: ["LedgerVault"]),
        .library(name: "LedgerCommands", targets: ["LedgerCommands"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // Layer 0: the system library (libgit2 via pkg-config).
        .systemLibrary(
            name: "CLibGit2",
            path: "CLibGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        // libgit2's start-up without the TLS and SSH set-up only transfers need (the trust-store
        // load, the TLS seed, libssh2's start; see startup.c): C, because it must define the
        // symbols libgit2 binds to.
        .target(name: "CLibGit2Startup", dependencies: ["CLibGit2"], linkerSettings: [.linkedLibrary("dl")]),
        // An object-database backend libgit2 does not ship: reads forwarded to another database
        // without rescanning it (see forwarding_backend.c), for object batches.
        .target(name: "CLibGit2Backends", dependencies: ["CLibGit2"]),
        // OpenSSL's libcrypto (via pkg-config; Debian's libssl-dev, which libgit2-dev already
        // brings): the system's SHA-1 and HMAC-SHA256, so no crypto library is compiled here.
        .systemLibrary(
            name: "CLibCrypto",
            path: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        // Layer 1: the operating system and the domain, side by side, neither knowing the other.
        // POSIX only: files, locks, clocks, threads, standard streams, fault-injection points.
        // The system calls Swift's Glibc module does not import (renameat2's name exchange).
        .target(name: "CSystemCalls"),
        .target(name: "LedgerSystem", dependencies: ["CSystemCalls"]),
        // The pure domain: events and their line format, the hybrid clock, civil time, the fold
        // and its projections. No I/O, no git, no Foundation.
        .target(name: "LedgerCore"),
        // Layer 2: git's files and libgit2.
        // git's on-disk layout read without libgit2 (the git directory of a work tree, HEAD and
        // the refs, `.git/alog/` and the names of every file alog keeps there), for the paths
        // that must not start libgit2 (the front, the widget, a warm `status`).
        .target(name: "LedgerGitLayout", dependencies: ["LedgerSystem"]),
        // The libcrypto wrapper: the only module that imports CLibCrypto, no C types in its API
        // (SHA-1 with a resumable state, HMAC-SHA256). The static front links libcrypto in.
        .target(name: "LedgerCrypto", dependencies: ["CLibCrypto"]),
        // git's files written without libgit2 (object ids, loose objects, trees on their bytes,
        // commits, loose refs with their reflog, the index patch): for the front's `log` and
        // for LedgerGit's own direct writes. SHA-1 is libcrypto's (LedgerCrypto).
        .target(name: "LedgerGitFiles", dependencies: ["LedgerSystem", "LedgerCrypto"]),
        // The git wrapper: the only module that imports CLibGit2, no C types in its API.
        .target(
            name: "LedgerGit",
            dependencies: ["CLibGit2", "CLibGit2Startup", "CLibGit2Backends", "LedgerSystem", "LedgerGitFiles"]),
        .target(name: "LedgerEnvironment", dependencies: ["LedgerCore", "LedgerSystem", "LedgerGitLayout"]),
        // The projection caches: their binary codecs and the commit-keyed cache file.
        .target(name: "LedgerStore", dependencies: ["LedgerCore", "LedgerSystem"]),
        // Layer 4: features and storage.
        // The widget: its queue and cache formats, the device-local store, the queue digest, the
        // optimistic view, status-bar formats and the texts of `alog widget …`. No git, so a tap
        // never loads libgit2. (The drain that commits the queue needs git: LedgerVault/WidgetDrain.)
        .target(
            name: "LedgerWidget",
            dependencies: ["LedgerCore", "LedgerSystem", "LedgerGitLayout", "LedgerStore"]),
        // The vault: Vault/ (ledger layout, commits of ledger paths, caches, audit and verify),
        // Sync/ (clone, remotes, fetch-merge-push and the merge rules), WidgetDrain/ (the widget
        // queue committed exactly once; the widget cache kept current).
        .target(
            name: "LedgerVault",
            dependencies: [
                "LedgerGit", "LedgerGitFiles", "LedgerGitLayout", "LedgerCore", "LedgerSystem", "LedgerEnvironment",
                "LedgerStore", "LedgerWidget", "LedgerNotes",
            ]),
        // Looking back: reports (rollups by type, group, day, week, month over a range), pure
        // folds of entries and timer windows on a zone's local days (LedgerCore's LocalCalendar).
        .target(name: "LedgerReports", dependencies: ["LedgerCore"]),
        // Moving in and out: the formats of other trackers (timewarrior's data files, Watson's
        // frames) read into records, pure; writing them into the vault is LedgerVault/Import/.
        .target(name: "LedgerInterchange", dependencies: ["LedgerCore"]),
        // The vault as a notes app sees it, pure: a note's frontmatter found and edited in place
        // (one key's value, every other byte kept), the task links (`exocortex://task/...`,
        // Obsidian's Advanced URI) and the day notes (rendered from entries, read back into
        // logs, edits and deletes). No I/O, no YAML library: LedgerVault uses it on the commit
        // path, which must stay free of Foundation.
        .target(name: "LedgerNotes", dependencies: ["LedgerCore"]),
        // Task notes read from disk: frontmatter parsed with Yams, a vault's task notes found
        // without reading past their frontmatter. Yams imports Foundation (and ICU), so only
        // `alog-notes` links it, never `alog` or `alog-full` (their start-up, issue 26).
        .target(
            name: "LedgerTaskNotes",
            dependencies: ["LedgerNotes", "LedgerCore", "LedgerSystem", .product(name: "Yams", package: "Yams")]),
        // Layer 5: what users see.
        // Terminal styles and widths, human text and JSON renderings of entries, events and status.
        .target(
            name: "LedgerOutput", dependencies: ["LedgerCore", "LedgerSystem", "LedgerEnvironment", "LedgerReports"]),
        // The words of the library's outcomes and refusals (VaultError, SyncError, TimerError,
        // Notice, UndoStep, RepairAction), written once for every shell: the library itself
        // returns and throws data.
        .target(
            name: "LedgerMessages",
            dependencies: ["LedgerCore", "LedgerGit", "LedgerOutput", "LedgerVault", "LedgerWidget"]),
        // The one table of "hot" command forms, the scanner that reads them, and the commands the
        // front answers alone (the widget's, and a warm `status`): no libgit2, no argument parser.
        .target(
            name: "LedgerFastPath",
            dependencies: [
                "LedgerCore", "LedgerSystem", "LedgerGitLayout", "LedgerGitFiles", "LedgerEnvironment", "LedgerStore",
                "LedgerWidget", "LedgerOutput",
            ]),
        // Every command of the CLI as a library (swift-argument-parser), one file per command;
        // the executables only call it, and tests reach every command in-process.
        .target(
            name: "LedgerCommands",
            dependencies: [
                "LedgerVault", "LedgerCore", "LedgerSystem", "LedgerEnvironment", "LedgerWidget", "LedgerOutput",
                "LedgerFastPath", "LedgerReports", "LedgerInterchange", "LedgerMessages", "LedgerNotes",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Layer 6: executables, `@main` and little else.
        // `alog` is a small front that answers the widget's hot commands and a warm `status`
        // itself (no libgit2, no argument-parser start-up) and hands every other command to
        // `alog-full`, the whole CLI, with exec. On Linux the front is one static executable
        // (Swift runtime and glibc linked in, no dynamic loader at start), which halves its
        // start-up again: a one-shot command's time is mostly start-up. It needs no shared
        // library: nothing in it loads NSS or locales. Release builds add
        // `--static-swift-stdlib` for `alog-full`.
        .executableTarget(
            name: "alog",
            dependencies: ["LedgerFastPath"],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]
        ),
        .executableTarget(
            name: "alog-full", dependencies: ["LedgerCommands"], linkerSettings: libgit2ExecutableLinking),
        // `alog-notes`: the whole CLI again, with the task notes reader (Yams, so Foundation)
        // installed. `alog-full` hands `tasks`, `task …` and `open` to it with exec, so a plain
        // `alog log` never loads Foundation's internationalisation.
        .executableTarget(
            name: "alog-notes", dependencies: ["LedgerCommands", "LedgerTaskNotes"],
            linkerSettings: libgit2ExecutableLinking),
        // The web dashboard (docs/web.md): pages, the JSON API and the live feed over Hummingbird,
        // a thin shell that runs the CLI's own command lines in-process (`LedgerCommands`'
        // `Alog.main` inside an `Invocation`), so every rule, check and refusal is the CLI's.
        // Only `alog-serve` links it: the server stack stays out of `alog` and `alog-full`.
        .target(
            name: "LedgerWeb",
            dependencies: [
                "LedgerCommands", "LedgerCore", "LedgerSystem", "LedgerGitLayout", "LedgerOutput", "LedgerReports",
                "LedgerVault",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"), "LedgerCrypto",
            ],
            // The page's own files, compiled into the binary (`PackageResources`): nothing is read
            // from disk at run time.
            resources: [
                .embedInCode("Assets/app.css"), .embedInCode("Assets/app.js"), .embedInCode("Assets/icon.svg"),
            ]),
        // `alog-serve`: `alog serve` hands its command line here (as task commands go to
        // `alog-notes`).
        .executableTarget(
            name: "alog-serve", dependencies: ["LedgerWeb", "LedgerCommands", "LedgerTaskNotes"],
            linkerSettings: libgit2ExecutableLinking),
        // The fuzzing harness (docs/robustness.md): generated command lines, event lines and
        // damaged vaults through the real readers, in-process; `alog-fuzz` runs it.
        .target(
            name: "LedgerFuzzing",
            dependencies: [
                "LedgerCommands", "LedgerFastPath", "LedgerVault", "LedgerCore", "LedgerEnvironment", "LedgerGitLayout",
                "LedgerStore", "LedgerSystem", "LedgerWidget", "LedgerMessages", "LedgerInterchange", "LedgerNotes",
                "LedgerTaskNotes",
            ]),
        .executableTarget(
            name: "alog-fuzz", dependencies: ["LedgerFuzzing"], linkerSettings: libgit2ExecutableLinking),
        .executableTarget(
            name: "alog-bench",
            dependencies: ["LedgerVault", "LedgerCore", "LedgerGitLayout", "LedgerSystem"],
            linkerSettings: libgit2ExecutableLinking),
        .target(
            name: "TestSupport",
            dependencies: ["LedgerCommands", "LedgerFastPath", "LedgerGit", "LedgerSystem", "LedgerTaskNotes"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "LedgerGitTests",
            dependencies: [
                "LedgerGit", "LedgerGitFiles", "LedgerCrypto", "TestSupport",
            ]),
        // The fold, and the fold through the cache snapshot (LedgerStore) as the incremental cache
        // does it.
        .testTarget(
            name: "LedgerCoreTests",
            dependencies: [
                "LedgerCore", "LedgerStore", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LedgerVaultTests",
            dependencies: [
                "LedgerVault", "LedgerGit", "LedgerGitLayout", "LedgerCore", "LedgerMessages", "LedgerWidget",
                "TestSupport",
            ]
        ),
        .testTarget(name: "CLITests", dependencies: ["TestSupport"]),
        // The web dashboard: every route through the real server on 127.0.0.1 (the suite's own
        // HTTP/1.1 client, Tests/WebTests/TestClient.swift, on the NIO the server already builds:
        // HummingbirdTesting would add AsyncHTTPClient, BoringSSL and HTTP/2 to the build), the
        // guards, the live feed, and a real headless Chromium (scripts/browser-test.py) when it
        // is installed.
        .testTarget(
            name: "WebTests",
            dependencies: [
                "LedgerWeb", "LedgerCommands", "LedgerCore", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The notes surface: the frontmatter-edit corpus, the task-link fuzz test, day notes.
        .testTarget(
            name: "LedgerNotesTests",
            dependencies: ["LedgerNotes", "LedgerTaskNotes", "LedgerCore", .product(name: "Yams", package: "Yams")]),
        // Other trackers' formats: their own serialisations, and thousands of damaged lines.
        .testTarget(name: "LedgerInterchangeTests", dependencies: ["LedgerInterchange", "LedgerCore", "TestSupport"]),
        // Reports: the rollups' rules (midnight and DST splits, ranges) on fixed zones and real ones.
        .testTarget(
            name: "LedgerReportsTests",
            dependencies: [
                "LedgerReports", "LedgerCore", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        // Each fuzzing harness with a fixed seed at a test's size, and the cases that found bugs.
        .testTarget(name: "FuzzTests", dependencies: ["LedgerFuzzing", "LedgerFastPath", "TestSupport"]),
        .testTarget(
            name: "SyncTests",
            dependencies: [
                "LedgerVault", "LedgerGit", "LedgerCore", "LedgerMessages", "LedgerCrypto", "TestSupport",
            ]),
        // The libcrypto wrapper against published test vectors and the `sha1sum`, `git` and
        // `openssl` command-line tools.
        .testTarget(name: "LedgerCryptoTests", dependencies: ["LedgerCrypto", "TestSupport"]),
        .testTarget(
            name: "WidgetTests",
            dependencies: ["LedgerCore", "LedgerWidget", "TestSupport"]),
        // The command line as a library: the hot forms against the full parser, the front
        // against alog-full.
        .testTarget(
            name: "CommandTests",
            dependencies: [
                "LedgerCommands", "LedgerFastPath", "LedgerEnvironment", "LedgerWidget", "LedgerCore", "LedgerVault",
                "LedgerOutput", "LedgerSystem",
                "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// A narrow, honest API: a module's imports are its own business unless it says `public
// import`, and a member is visible only where its module is imported (issue 22).
for target in package.targets where target.type != .system && target.type != .binary {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
        ]
}

/// For the executables that use libgit2: libgit2's calls that load the CA bundle, seed mbedTLS's
/// random generator, start libssh2 and set up a TLS session reach `CLibGit2Startup`, which defers
/// the first three to the first transfer and does them before any TLS session is set up (see
/// startup.c). When libgit2, mbedTLS and libssh2 are linked statically (`scripts/build-release.sh`)
/// they go through `__wrap_…` (`--wrap`). With shared libraries they bind to the executable's own
/// definitions of those names, which the dynamic loader sees only when the executable exports
/// them (`--export-dynamic-symbol`): without that, a debug or plain release `alog-full` parsed the
/// whole CA bundle on every start of libgit2 (`StartupDeferralTests` checks the real executable).
var libgit2ExecutableLinking: [LinkerSetting] {
    let deferred = [
        "mbedtls_x509_crt_parse_file", "mbedtls_entropy_init", "mbedtls_ctr_drbg_seed", "libssh2_init",
        "mbedtls_ssl_setup",
    ]
    return [
        .unsafeFlags(
            deferred.flatMap { ["-Xlinker", "--wrap=\($0)", "-Xlinker", "--export-dynamic-symbol=\($0)"] },
            .when(platforms: [.linux]))
    ]
}
