import LedgerGitLayout
import LedgerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Watches the vault for changes made anywhere — an `alog log` in a terminal, a widget tap, a
/// sync, a `git pull` by hand — and publishes each new `VaultVersion` to the feed.
///
/// On Linux it waits on inotify (the git directory for `HEAD` and `packed-refs`, the branch
/// folder, the widget's folder), so an idle server does no work at all; the thread sleeps in
/// `poll` until the kernel says a file changed. Elsewhere it looks every second.
package final class VaultWatcher: @unchecked Sendable {
    private let gitDirectory: String
    private let feed: ChangeFeed
    // The write end of a pipe: a byte written there ends the thread's `poll`.
    private var wake: (read: Int32, write: Int32) = (-1, -1)
    private var thread: BackgroundThread<Void>?

    package init(gitDirectory: String, feed: ChangeFeed) {
        self.gitDirectory = gitDirectory
        self.feed = feed
    }

    package func start() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        wake = (ends[0], ends[1])
        let (gitDirectory, feed, stop) = (self.gitDirectory, self.feed, ends[0])
        thread = BackgroundThread { Self.watch(gitDirectory: gitDirectory, feed: feed, stop: stop) }
    }

    /// Ends the thread and waits for it.
    package func stop() {
        guard wake.write >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        _ = try? thread?.join()
        thread = nil
        close(wake.write)
        close(wake.read)
        wake = (-1, -1)
    }

    /// The folders whose changes matter, and in each the names that do (nil: any).
    private static func watched(_ gitDirectory: String) -> [(path: String, names: Set<String>?)] {
        let state = StateDirectory(gitDirectory: gitDirectory)
        return [
            (gitDirectory, ["HEAD", "packed-refs"]),
            (gitDirectory + "refs/heads", nil),
            (state.widget.path.hasSuffix("/") ? String(state.widget.path.dropLast()) : state.widget.path, nil),
            (state.path.hasSuffix("/") ? String(state.path.dropLast()) : state.path, ["widget"]),
        ]
    }

    private static func watch(gitDirectory: String, feed: ChangeFeed, stop: Int32) {
        let publish: () -> Void = {
            Task { await feed.publish(VaultVersion.read(gitDirectory: gitDirectory)) }
        }
        #if os(Linux)
            let fd = inotify_init1(Int32(IN_CLOEXEC))
            if fd >= 0 {
                defer { close(fd) }
                let folders = watched(gitDirectory)
                var byDescriptor: [Int32: Set<String>?] = [:]
                let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
                func addWatches() {
                    for (path, names) in folders {
                        let descriptor = inotify_add_watch(fd, path, mask)
                        if descriptor >= 0 { byDescriptor[descriptor] = names }
                    }
                }
                addWatches()
                var buffer = [UInt8](repeating: 0, count: 16 * 1024)
                while true {
                    var fds = [
                        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
                    ]
                    let ready = poll(&fds, 2, -1)
                    if ready < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    if fds[1].revents != 0 { return }
                    let count = read(fd, &buffer, buffer.count)
                    guard count > 0 else { continue }
                    var relevant = false
                    var offset = 0
                    while offset + 16 <= count {
                        let (descriptor, eventMask, length) = buffer.withUnsafeBytes { raw in
                            (
                                raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                                raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                                Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                            )
                        }
                        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                        let name = String(decoding: nameBytes, as: UTF8.self)
                        offset += 16 + length
                        if eventMask & UInt32(IN_IGNORED) != 0 { byDescriptor[descriptor] = nil }
                        guard let names = byDescriptor[descriptor] else { continue }
                        if names == nil || names!.contains(name) { relevant = true }
                    }
                    // A folder made or replaced (the widget's, on its first tap; a rebuild) is
                    // watched again.
                    addWatches()
                    if relevant {
                        // Writers move several files in a row: say it once they are done.
                        usleep(30_000)
                        publish()
                    }
                }
            }
        #endif
        // No inotify: look once a second.
        while true {
            var fds = [pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, 1000) > 0 { return }
            publish()
        }
    }
}
