import ArgumentParser
import LedgerCore
import LedgerSystem

/// `alog completions install [--shell bash|zsh|fish]` and `alog completions script SHELL`: the
/// parser's completion script (also printed by `alog --generate-completion-script SHELL`), put
/// where each shell looks for it. The script asks `alog` for type names, entry ids and remote
/// names as you type (see `DynamicCompletion`).
struct Completions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Shell completion for bash, zsh and fish: install it, or print the script.",
        subcommands: [Install.self, Script.self])

    /// What went wrong, then the fix (exit 1).
    struct Failure: CodedError, CustomStringConvertible {
        var code: ErrorCode { .completions }
        var description: String
    }

    /// The parser's script for `shell`, with bash told to keep alog's order of candidates
    /// (types most recently logged first, entries newest first) instead of sorting them:
    /// `-o nosort` (bash 4.4 and later).
    static func script(for shell: CompletionShell) -> String {
        let script = Alog.completionScript(for: shell)
        guard shell == .bash else { return script }
        let plain = "complete -o filenames -F _alog alog"
        return script.replacing(
            plain,
            with: """
                if ((BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4))); then
                    complete -o filenames -o nosort -F _alog alog
                else
                    \(plain)
                fi
                """)
    }

    static func shell(named name: String) throws -> CompletionShell {
        guard let shell = CompletionShell(rawValue: name), ["bash", "zsh", "fish"].contains(name) else {
            throw Failure(
                description: "\(DisplayText.quoted(name)) is not a shell alog completes; give bash, zsh or fish")
        }
        return shell
    }

    struct Script: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "script", abstract: "Print the completion script for SHELL (bash, zsh or fish).")

        @Argument(help: "bash, zsh or fish.", completion: .list(["bash", "zsh", "fish"]))
        var shell: String

        func execute() throws -> String { Completions.script(for: try Completions.shell(named: shell)) }

        func render(_ script: String) { StandardStream.output(script + "\n") }
    }

    struct Install: OutcomeCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Install the completion script where your shell loads it (again: updates it).",
            discussion: """
                bash: ${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/alog; zsh: \
                ${ZDOTDIR:-~}/.zfunc/_alog; fish: ${XDG_CONFIG_HOME:-~/.config}/fish/completions/alog.fish.
                """)

        @Option(
            help: "bash, zsh or fish (default: the shell $SHELL names).", completion: .list(["bash", "zsh", "fish"]))
        var shell: String?

        @Flag(
            help:
                "bash: also add a line that loads the script to ~/.bashrc (once), for a system without the bash-completion package."
        )
        var bashrc = false

        /// Where the bash-completion package puts the script that loads
        /// `~/.local/share/bash-completion/completions` (Debian, Fedora, Arch, Homebrew).
        static let bashCompletionScripts = [
            "/usr/share/bash-completion/bash_completion", "/etc/bash_completion",
            "/usr/local/share/bash-completion/bash_completion", "/usr/local/etc/profile.d/bash_completion.sh",
            "/opt/homebrew/etc/profile.d/bash_completion.sh",
        ]

        /// `path`, quoted for a shell when it needs it.
        static func shellQuoted(_ path: String) -> String {
            let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@%,~".contains($0) }
            return plain ? path : "'" + path.replacing("'", with: "'\\''") + "'"
        }

        /// Where the script went (nil `existed`: it was already there, unchanged) and how the
        /// shell comes to load it.
        struct Installed {
            var shell: String
            var path: String
            var existed: Bool?
            var hint: String?
        }

        func render(_ installed: Installed) {
            let (name, path) = (installed.shell, installed.path)
            switch installed.existed {
            case nil: StandardStream.output("alog's \(name) completion is already installed in \(path) (unchanged)\n")
            case let existed?:
                StandardStream.output("\(existed ? "updated" : "installed") alog's \(name) completion in \(path)\n")
            }
            if let hint = installed.hint { StandardStream.output(hint + "\n") }
        }

        func execute() throws -> Installed {
            let name: String
            if let shell {
                name = shell
            } else {
                let login = FileSystem.environment("SHELL") ?? ""
                let base = String(login.split(separator: "/").last ?? "")
                guard ["bash", "zsh", "fish"].contains(base) else {
                    throw Failure(
                        description: login.isEmpty
                            ? "$SHELL is not set, so alog cannot tell your shell; give --shell bash, zsh or fish"
                            : "alog does not complete for \(login) ($SHELL); give --shell bash, zsh or fish")
                }
                name = base
            }
            let shell = try Completions.shell(named: name)
            if bashrc, name != "bash" {
                throw Failure(
                    description: "--bashrc is for bash, not \(name); leave --bashrc out, or give --shell bash")
            }
            let script = Completions.script(for: shell) + "\n"
            let home = FileSystem.environment("HOME").flatMap { $0.isEmpty ? nil : $0 }
            func base(_ variable: String, else fallback: String) throws -> String {
                if let value = FileSystem.environment(variable), !value.isEmpty { return value }
                guard let home else {
                    throw Failure(
                        description:
                            "neither $\(variable) nor $HOME is set; set HOME, or print the script with 'alog completions script \(name)' and put it in place yourself"
                    )
                }
                return home + fallback
            }
            let (directory, file): (String, String)
            var hint: String?
            switch name {
            case "bash":
                directory = try base("XDG_DATA_HOME", else: "/.local/share") + "/bash-completion/completions"
                file = "alog"
                hint = try bashHint(script: directory + "/" + file, home: home)
            case "zsh":
                let zdot = try base("ZDOTDIR", else: "")
                directory = zdot + "/.zfunc"
                file = "_alog"
                let zshrc = zdot + "/.zshrc"
                let text = (try? FileSystem.readString(zshrc)) ?? nil
                if text?.contains(".zfunc") != true {
                    hint =
                        "Add to \(zshrc), before compinit: fpath=(\(directory) $fpath); autoload -Uz compinit && compinit"
                } else {
                    hint = "New zsh shells load it (\(zshrc) puts .zfunc on fpath)"
                }
            default:
                directory = try base("XDG_CONFIG_HOME", else: "/.config") + "/fish/completions"
                file = "alog.fish"
                hint = "New fish shells load it"
            }
            let path = directory + "/" + file
            let bytes = Array(script.utf8)
            let existing = try? FileSystem.read(path)
            if existing == bytes { return Installed(shell: name, path: path, existed: nil, hint: hint) }
            do {
                try FileSystem.makeDirectories(directory)
                _ = try FileSystem.writeAtomically(path, bytes)
            } catch let failure as FileSystem.Failure {
                throw Failure(
                    description:
                        "cannot write \(path) (\(failure.reason)); print the script with 'alog completions script \(name)' and put it where your shell loads it"
                )
            }
            return Installed(shell: name, path: path, existed: existing != nil, hint: hint)
        }

        /// What loads the bash script: the bash-completion package when it is installed, else a
        /// line in ~/.bashrc (added with `--bashrc`, once).
        func bashHint(script: String, home: String?) throws -> String {
            let source = "source \(Self.shellQuoted(script))"
            let package = Self.bashCompletionScripts.contains { FileSystem.exists($0) }
            guard let home else {
                if bashrc {
                    throw Failure(
                        description:
                            "$HOME is not set, so alog cannot find ~/.bashrc; set HOME, or add this line to it yourself: \(source)"
                    )
                }
                return package
                    ? "New bash shells load it (with the bash-completion package); in this one: \(source)"
                    : "bash-completion is not installed, so new bash shells do not load it; add this line to your ~/.bashrc: \(source)"
            }
            let bashrcPath = home + "/.bashrc"
            let existing = (try? FileSystem.read(bashrcPath)) ?? nil
            let present =
                existing.map { bytes in
                    String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains {
                        $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") == source
                    }
                } ?? false
            if bashrc && !present {
                // Appended in place (a ~/.bashrc that is a link stays one).
                var text = existing.map { $0.isEmpty || $0.last == UInt8(ascii: "\n") ? "" : "\n" } ?? ""
                text += "# alog's shell completion\n" + source + "\n"
                do {
                    if let existing {
                        guard try FileSystem.append(bashrcPath, Array(text.utf8), expectedSize: existing.count) else {
                            throw Failure(
                                description: "\(bashrcPath) changed while alog read it; run the command again")
                        }
                    } else {
                        _ = try FileSystem.writeAtomically(bashrcPath, Array(text.utf8))
                    }
                } catch let failure as FileSystem.Failure {
                    throw Failure(
                        description:
                            "cannot write \(bashrcPath) (\(failure.reason)); add this line to it yourself: \(source)")
                }
                return "added '\(source)' to \(bashrcPath): new bash shells load it; in this one: \(source)"
            }
            if present { return "New bash shells load it (\(bashrcPath) sources it); in this one: \(source)" }
            if package { return "New bash shells load it (with the bash-completion package); in this one: \(source)" }
            return
                "bash-completion is not installed, so new bash shells do not load it; add this line to \(bashrcPath) (or run 'alog completions install --shell bash --bashrc'): \(source)"
        }
    }
}
