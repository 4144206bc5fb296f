public import Testing

/// Labels for the tests that start processes and the browser test, so a reader (and a tool that
/// filters on tags) can tell them apart. `scripts/test.sh` selects its layers by module and
/// suite name: this toolchain's `swift test` does not filter on tags.
extension Tag {
    /// Starts processes of its own: alog's executables (the front's exec, signals, kill -9, a
    /// crash point, another time zone, exit codes), a terminal (tmux), a server or a script.
    /// The outside witnesses (`git`, `sha1sum`, `openssl`) do not count.
    @Tag public static var process: Self
    /// Drives a real Chromium (`scripts/test.sh --browser` runs it alone).
    @Tag public static var browser: Self
}
