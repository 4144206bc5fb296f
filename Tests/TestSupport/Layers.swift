import Foundation
public import Testing

/// The layers of the suite (README, "Tests"; `scripts/test.sh`): the quick layer is every test
/// without these tags.
extension Tag {
    /// Starts processes of its own: alog's executables (the front's exec, signals, kill -9, a
    /// crash point, another time zone, exit codes), a terminal (tmux), a server or a script.
    /// The outside witnesses (`git`, `sha1sum`, `openssl`) do not count.
    @Tag public static var process: Self
    /// Drives a real Chromium (`scripts/test.sh --browser` runs it alone).
    @Tag public static var browser: Self
}

/// True when this run is `scripts/test.sh --quick` (`ALOG_TEST_LAYER=quick`).
let quickLayer = ProcessInfo.processInfo.environment["ALOG_TEST_LAYER"] == "quick"

/// The programs any test may run as a witness without the `process` tag.
private let witnesses: Set<String> = ["/usr/bin/git", "/usr/bin/sha1sum", "/usr/bin/openssl"]

/// In the quick layer, a test that starts another program without the `process` tag is a
/// mislabelled test: it fails, saying so, instead of slowing the quick layer down unseen.
public func checkLayer(starting executable: String) {
    guard quickLayer, !witnesses.contains(executable) else { return }
    Issue.record(
        "this test starts \(executable) but has no .tags(.process): tag its suite, or `scripts/test.sh --quick` runs it"
    )
}
