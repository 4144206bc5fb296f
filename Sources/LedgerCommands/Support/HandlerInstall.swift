import LedgerSystem

/// `alog open --install-handler`: a `.desktop` file for `alog open %u` in
/// `$XDG_DATA_HOME/applications` and `xdg-mime default` for `x-scheme-handler/exocortex`.
enum HandlerInstall {
    struct Installed {
        var desktopFile: String
        /// Set when `xdg-mime` (or `update-desktop-database`) could not be run.
        var warning: String?
    }

    static let desktopName = "alog-exocortex.desktop"

    static func install() throws -> Installed {
        let home = FileSystem.environment("HOME") ?? ""
        let data = FileSystem.environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        let folder = data + "/applications"
        try FileSystem.makeDirectories(folder)
        let path = folder + "/" + desktopName
        try FileSystem.writeAtomically(path, Array(desktopEntry(executable: executable()).utf8))
        var warning: String?
        if let problem = Launcher.run("xdg-mime", ["default", desktopName, "x-scheme-handler/exocortex"]) {
            warning = "\(problem); run 'xdg-mime default \(desktopName) x-scheme-handler/exocortex' yourself"
        }
        _ = Launcher.run("update-desktop-database", [folder])
        return Installed(desktopFile: path, warning: warning)
    }

    /// The `alog` the desktop should start: the front beside this executable (`alog-full` or
    /// `alog-notes`), else this executable.
    static func executable() -> String {
        let own = FileSystem.executablePath() ?? "alog"
        let folder = own.lastIndex(of: "/").map { String(own[..<$0]) } ?? "."
        let front = folder + "/alog"
        return FileSystem.exists(front) ? front : own
    }

    static func desktopEntry(executable: String) -> String {
        // Quoted per the Desktop Entry specification's Exec rules.
        let quoted = "\"" + executable.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        return """
            [Desktop Entry]
            Type=Application
            Name=alog task links
            Comment=Start and complete tasks from exocortex:// links (ActivityLedger)
            Exec=\(quoted) open %u
            Terminal=false
            NoDisplay=true
            MimeType=x-scheme-handler/exocortex;

            """
    }
}
