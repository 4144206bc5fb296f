// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "ActivityLedger",
    products: [
        .executable(name: "alog", targets: ["alog"]),
        .library(name: "LedgerCore", targets: ["LedgerCore"]),
        .library(name: "LedgerVault", targets: ["LedgerVault"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
    ],
    targets: [
        // Layer 0: the system library (libgit2 via pkg-config).
        .systemLibrary(
            name: "CLibGit2",
            path: "CLibGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        // Layer 1: the git wrapper; the only module that imports CLibGit2.
        .target(name: "LedgerGit", dependencies: ["CLibGit2"]),
        // Layer 2: the pure domain (events, clocks, projections); no I/O.
        .target(name: "LedgerCore"),
        // Layer 3: vault storage on top of the git wrapper.
        .target(name: "LedgerVault", dependencies: ["LedgerGit", "LedgerCore"]),
        // Layer 4: thin shells.
        .executableTarget(
            name: "alog",
            dependencies: [
                "LedgerVault", "LedgerCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "alog-bench", dependencies: ["LedgerVault", "LedgerCore"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LedgerGitTests", dependencies: ["LedgerGit", "TestSupport"]),
        .testTarget(
            name: "LedgerCoreTests",
            dependencies: [
                "LedgerCore", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "LedgerVaultTests", dependencies: ["LedgerVault", "LedgerGit", "LedgerCore", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["LedgerCore", "TestSupport"]),
        .testTarget(name: "SyncTests", dependencies: ["LedgerVault", "LedgerGit", "LedgerCore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
