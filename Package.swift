// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ActivityLedger",
    products: [
        .executable(name: "alog", targets: ["alog"]),
        .executable(name: "alog-full", targets: ["alog-full"]),
        .library(name: "LedgerCore", targets: ["LedgerCore"]),
        .library(name: "LedgerVault", targets: ["LedgerVault"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // Layer 0: the system library (libgit2 via pkg-config).
        .systemLibrary(
            name: "CLibGit2",
            path: "CLibGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        // libgit2's start-up without its eager TLS trust-store load (see startup.c): C, because
        // it must define a symbol libgit2 binds to.
        .target(name: "CLibGit2Startup", dependencies: ["CLibGit2"], linkerSettings: [.linkedLibrary("dl")]),
        // An object-database backend libgit2 does not ship: reads forwarded to another database
        // without rescanning it (see forwarding_backend.c), for object batches.
        .target(name: "CLibGit2Backends", dependencies: ["CLibGit2"]),
        // Layer 1: the git wrapper; the only module that imports CLibGit2. swift-crypto gives
        // the SHA-1 of the index file's trailer (IndexPatch.swift); libgit2 exposes none. Keep
        // it at 4.x: 3.x imports the whole Foundation, which linked ICU into alog-full (90 MB
        // instead of 44) and cost every `alog log` about 4 ms of start-up.
        .target(
            name: "LedgerGit",
            dependencies: [
                "CLibGit2", "CLibGit2Startup", "CLibGit2Backends", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // Layer 2: the pure domain (events, clocks, projections); no I/O.
        .target(name: "LedgerCore"),
        // Layer 3: storage. System calls (files, locks, clocks); the widget's device-local
        // queue and cache (no git, so a tap never loads libgit2); the vault on top of the git
        // wrapper.
        .target(name: "LedgerSystem", dependencies: ["LedgerCore"]),
        .target(name: "LedgerWidget", dependencies: ["LedgerCore", "LedgerSystem"]),
        .target(name: "LedgerVault", dependencies: ["LedgerGit", "LedgerCore", "LedgerSystem", "LedgerWidget"]),
        // Layer 4: thin shells, and what both share: terminal styles, renderings, and `status`
        // answered from its cache without libgit2.
        .target(name: "LedgerShell", dependencies: ["LedgerCore", "LedgerSystem", "LedgerWidget"]),
        // `alog` is a small front that answers the widget's hot commands and a warm `status`
        // itself (no libgit2, no argument-parser start-up) and hands every other command to
        // `alog-full`, the whole CLI, with exec. On Linux the front is one static executable
        // (Swift runtime and glibc linked in, no dynamic loader at start), which halves its
        // start-up again: a one-shot command's time is mostly start-up. It needs no shared
        // library: nothing in it loads NSS or locales. Release builds add
        // `--static-swift-stdlib` for `alog-full`.
        .executableTarget(
            name: "alog",
            dependencies: ["LedgerCore", "LedgerShell", "LedgerSystem", "LedgerWidget"],
            linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux]))]
        ),
        .executableTarget(
            name: "alog-full",
            dependencies: [
                "LedgerVault", "LedgerCore", "LedgerShell", "LedgerSystem", "LedgerWidget",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: libgit2ExecutableLinking
        ),
        .executableTarget(
            name: "alog-bench", dependencies: ["LedgerVault", "LedgerCore", "LedgerSystem", "LedgerWidget"],
            linkerSettings: libgit2ExecutableLinking),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LedgerGitTests", dependencies: ["LedgerGit", "TestSupport"]),
        .testTarget(
            name: "LedgerCoreTests",
            dependencies: [
                "LedgerCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LedgerVaultTests",
            dependencies: ["LedgerVault", "LedgerGit", "LedgerCore", "LedgerSystem", "LedgerWidget", "TestSupport"]
        ),
        .testTarget(name: "CLITests", dependencies: ["LedgerCore", "TestSupport"]),
        .testTarget(
            name: "SyncTests", dependencies: ["LedgerVault", "LedgerGit", "LedgerCore", "LedgerSystem", "TestSupport"]),
        .testTarget(
            name: "WidgetTests",
            dependencies: ["LedgerVault", "LedgerCore", "LedgerSystem", "LedgerWidget", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

/// For the executables that use libgit2: when libgit2 and mbedTLS are linked statically
/// (`scripts/build-release.sh`), libgit2's call that loads the CA bundle goes through
/// `__wrap_mbedtls_x509_crt_parse_file` in `CLibGit2Startup` (see startup.c). With shared
/// libraries the flag changes nothing.
var libgit2ExecutableLinking: [LinkerSetting] {
    [.unsafeFlags(["-Xlinker", "--wrap=mbedtls_x509_crt_parse_file"], .when(platforms: [.linux]))]
}
