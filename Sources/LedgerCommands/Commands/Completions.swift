import ArgumentParser
import LedgerSystem

/// `alog completions install [--shell bash|zsh|fish]` and `alog completions script SHELL`: the
/// parser's completion script (also printed by `alog --generate-completion-script SHELL`), put
/// where each shell looks for it. The script asks `alog` for type names, entry ids and remote
/// names as you type (see `DynamicCompletion`).
struct Completions: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shell completion for bash, zsh and fish: install it, or print the script.",
        subcommands: [Install.self, Script.self])

    /// What went wrong, then the fix (exit 1).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func shell(named name: String) throws -> CompletionShell {
        guard let shell = CompletionShell(rawValue: name), ["bash", "zsh", "fish"].contains(name) else {
            throw Failure(description: "'\(name)' is not a shell alog completes; give bash, zsh or fish")
        }
        return shell
    }

    struct Script: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the completion script for SHELL (bash, zsh or fish).")

        @Argument(help: "bash, zsh or fish.", completion: .list(["bash", "zsh", "fish"]))
        var shell: String

        func run() throws {
            StandardStream.output(Alog.completionScript(for: try Completions.shell(named: shell)) + "\n")
        }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install the completion script where your shell loads it (again: updates it).",
            discussion: """
                bash: ${XDG_DATA_HOME:-~/.local/share}/bash-completion/completions/alog; zsh: \
                ${ZDOTDIR:-~}/.zfunc/_alog; fish: ${XDG_CONFIG_HOME:-~/.config}/fish/completions/alog.fish.
                """)

        @Option(
            help: "bash, zsh or fish (default: the shell $SHELL names).", completion: .list(["bash", "zsh", "fish"]))
        var shell: String?

        func run() throws {
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
            let script = Alog.completionScript(for: shell) + "\n"
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
                hint =
                    "New bash shells load it (with the bash-completion package); in this one: source \(directory)/\(file)"
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
            if existing == bytes {
                StandardStream.output("alog's \(name) completion is already installed in \(path) (unchanged)\n")
            } else {
                do {
                    try FileSystem.makeDirectories(directory)
                    _ = try FileSystem.writeAtomically(path, bytes)
                } catch let failure as FileSystem.Failure {
                    throw Failure(
                        description:
                            "cannot write \(path) (\(failure.reason)); print the script with 'alog completions script \(name)' and put it where your shell loads it"
                    )
                }
                StandardStream.output(
                    "\(existing == nil ? "installed" : "updated") alog's \(name) completion in \(path)\n")
            }
            if let hint { StandardStream.output(hint + "\n") }
        }
    }
}
