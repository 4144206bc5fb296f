import Foundation
import TestSupport
import Testing

/// Issue 18 item 21: the completion script, `alog completions install`, and the dynamic
/// candidates (type names, entry ids, remote names) the script asks the `alog` front for.
@Suite("Shell completion")
struct CompletionTests {
    let home = TemporaryDirectory()

    /// Runs the front with HOME in the test's folder and no inherited locations.
    func front(_ arguments: [String], _ environment: [String: String] = [:]) throws -> ProcessResult {
        var env = [
            "HOME": home.path, "TZ": "UTC", "ALOG_NOW": "2030-01-01T12:00:00Z", "XDG_DATA_HOME": "",
            "XDG_CONFIG_HOME": "", "ZDOTDIR": "", "ALOG_VAULT": home.sub("vault"), "SHELL": "/bin/bash",
        ]
        for (key, value) in environment { env[key] = value }
        return try runProcess(productsDirectory + "/alog", arguments, environment: env)
    }

    func line(_ result: ProcessResult) -> String {
        #expect(result.succeeded, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A vault with a type used most (meal), one defined but unused (reading's neighbour
    /// `rowing`), a deleted entry and a remote.
    func makeVault() throws -> (live: [String], deleted: String) {
        _ = line(try front(["init"]))
        _ = line(try front(["types", "add", "reading"]))
        _ = line(try front(["types", "add", "rowing"]))
        var live: [String] = []
        for at in ["08:00", "09:00", "10:00"] {
            live.append(line(try front(["log", "meal", "--at", "2030-01-01T\(at):00Z"])))
        }
        live.append(line(try front(["log", "reading", "--at", "2030-01-01T11:00:00Z"])))
        let deleted = line(try front(["log", "wake", "--at", "2030-01-01T07:00:00Z"]))
        _ = line(try front(["delete", deleted]))
        _ = try front(["remote", "add", "origin", home.sub("origin.git")])
        _ = try front(["remote", "add", "backup", home.sub("backup.git")])
        return (live.reversed(), deleted)
    }

    /// What the shell runs for a positional argument: `alog ---completion <command…> --
    /// positional@0 <word index> <cursor> <words…>`.
    func candidates(_ command: [String], _ prefix: String = "", extra: [String] = [], _ env: [String: String] = [:])
        throws -> [String]
    {
        let words = ["alog"] + command + extra + [prefix]
        let result = try front(
            ["---completion"] + command + ["--", "positional@0", String(words.count - 1), String(prefix.count)] + words,
            env)
        #expect(result.succeeded && result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test("the script is the parser's, and asks alog for types, ids and remotes")
    func script() throws {
        let bash = try front(["completions", "script", "bash"])
        #expect(bash.succeeded)
        // The parser's, with bash told to keep alog's order (bash 4.4 and later).
        #expect(bash.stdout.contains("complete -o filenames -o nosort -F _alog alog"))
        for shell in ["zsh", "fish"] {
            #expect(
                try front(["completions", "script", shell]).stdout
                    == (try front(["--generate-completion-script", shell])).stdout)
        }
        for call in [
            "---completion log -- positional@0", "---completion delete -- positional@0",
            "---completion sync -- positional@0", "---completion remote remove -- positional@0",
            "---completion edit -- --type",
        ] {
            #expect(bash.stdout.contains(call), "\(call)")
        }
        #expect(try front(["completions", "script", "zsh"]).stdout.contains("#compdef alog"))
        #expect(try front(["completions", "script", "fish"]).stdout.contains("complete -c 'alog'"))
        let wrong = try front(["completions", "script", "tcsh"])
        #expect(
            wrong.status == 1 && wrong.stderr == "Error: 'tcsh' is not a shell alog completes; give bash, zsh or fish\n"
        )
    }

    @Test("types most recently logged first, recent live or deleted ids, remotes; through the front")
    func dynamic() throws {
        let (live, deleted) = try makeVault()
        let types = try candidates(["log"])
        #expect(Array(types.prefix(2)) == ["reading", "meal"], "the most recently logged first")
        #expect(Array(types.dropFirst(2)) == ["exercise", "rowing", "sleep", "wake"], "then by name")
        #expect(Set(types) == ["meal", "reading", "rowing", "exercise", "sleep", "wake"])
        #expect(try candidates(["start"], "r") == ["reading", "rowing"])
        #expect(try candidates(["widget", "tap"], "me") == ["meal"])
        #expect(try candidates(["delete"]) == live, "newest first, the deleted one left out")
        #expect(try candidates(["show"], String(live[1].prefix(3)).uppercased()).first == live[1])
        #expect(try candidates(["restore"]) == [deleted])
        #expect(try candidates(["sync"]) == ["backup", "origin"])
        #expect(try candidates(["remote", "remove"], "o") == ["origin"])
        #expect(try candidates(["types", "remove"], "r") == ["reading", "rowing"])
        // A favorite comes before the most recent.
        #expect(try alog(["types", "favorite", "sleep", "--vault", home.sub("vault")], home: home.path).succeeded)
        #expect(Array(try candidates(["log"]).prefix(3)) == ["sleep", "reading", "meal"])
        #expect(
            try alog(["types", "favorite", "sleep", "--off", "--vault", home.sub("vault")], home: home.path).succeeded)
        // zsh and fish show what each id is: its type and time (bash cannot show descriptions).
        // (zsh's list ends in a pseudo-candidate its script removes.)
        let zsh = try candidates(["delete"], "", ["SAP_SHELL": "zsh"]).filter { $0 != " " }
        #expect(zsh.map { String($0.prefix { $0 != ":" }) } == live)
        #expect(
            zsh.allSatisfy { $0.contains(":reading ") || $0.contains(":meal ") || $0.contains(":exercise ") }, "\(zsh)")
        let fish = try candidates(["delete"], "", ["SAP_SHELL": "fish"])
        #expect(fish.map { String($0.prefix { $0 != "\t" }) } == live)
        #expect(fish.allSatisfy { $0.split(separator: "\t").count == 2 }, "\(fish)")
        #expect(
            try candidates(["log"], "", ["SAP_SHELL": "zsh"]).first == "reading", "types stay bare names, in order")
        // --vault on the line names the vault; no vault (or a bad one) is no candidates and no noise.
        let other = home.sub("nothing")
        #expect(try candidates(["log"], extra: ["--vault", other]).isEmpty)
        #expect(try candidates(["log"], "", ["ALOG_VAULT": other]).isEmpty)
        #expect(try candidates(["log"], "", ["ALOG_VAULT": "", "ALOG_NOW": "garbage"]).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.sub(".local/share/alog/vault")), "no default vault made")
        #expect(try candidates(["log"], extra: ["--vault=" + home.sub("vault")]).first == "reading")
    }

    @Test("a real bash completes through the installed script")
    func realBash() throws {
        let (live, _) = try makeVault()
        #expect(line(try front(["completions", "install"])).hasPrefix("installed alog's bash completion in "))
        let script = home.sub(".local/share/bash-completion/completions/alog")
        let shell = """
            source \(script)
            complete -p alog
            complete_line() { COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<< "$1"
              [[ "$1" == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
              _alog alog "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"; echo "${COMPREPLY[*]}"; }
            complete_line "alog log re"
            complete_line "alog delete "
            complete_line "alog sync "
            complete_line "alog compl"
            """
        let result = try runProcess(
            "/bin/bash", ["--norc", "--noprofile", "-c", shell],
            environment: [
                "PATH": productsDirectory + ":/usr/bin:/bin", "HOME": home.path, "ALOG_VAULT": home.sub("vault"),
            ])
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(
            result.stdout
                == "complete -o filenames -o nosort -F _alog alog\nreading\n\(live.joined(separator: " "))\nbackup origin\ncompletions\n"
        )
    }

    @Test("install puts the script where each shell looks, says what it did, and is idempotent")
    func install() throws {
        let bash = try front(["completions", "install"])
        let bashPath = home.sub(".local/share/bash-completion/completions/alog")
        #expect(bash.stdout.hasPrefix("installed alog's bash completion in \(bashPath)\n"))
        #expect(try readFile(bashPath) == (try front(["completions", "script", "bash"])).stdout)
        #expect(
            try front(["completions", "install"]).stdout.hasPrefix(
                "alog's bash completion is already installed in \(bashPath) (unchanged)\n"))
        try writeFile(bashPath, "old")
        #expect(
            try front(["completions", "install"]).stdout.hasPrefix("updated alog's bash completion in \(bashPath)\n"))
        let data = home.sub("data")
        #expect(
            try front(["completions", "install"], ["XDG_DATA_HOME": data]).stdout.hasPrefix(
                "installed alog's bash completion in \(data)/bash-completion/completions/alog\n"))

        let zsh = line(try front(["completions", "install"], ["SHELL": "/usr/bin/zsh"]))
        #expect(
            zsh
                == "installed alog's zsh completion in \(home.path)/.zfunc/_alog\nAdd to \(home.path)/.zshrc, before compinit: fpath=(\(home.path)/.zfunc $fpath); autoload -Uz compinit && compinit"
        )
        try writeFile(home.sub(".zshrc"), "fpath=(~/.zfunc $fpath)\n")
        #expect(
            line(try front(["completions", "install", "--shell", "zsh"])).hasSuffix(
                "New zsh shells load it (\(home.path)/.zshrc puts .zfunc on fpath)"))
        let fish = try front(["completions", "install", "--shell", "fish", "--shell", "fish"])
        #expect(
            fish.stdout.hasPrefix(
                "installed alog's fish completion in \(home.path)/.config/fish/completions/alog.fish\n"))

        let unknown = try front(["completions", "install"], ["SHELL": "/bin/tcsh"])
        #expect(
            unknown.status == 1
                && unknown.stderr
                    == "Error: alog does not complete for /bin/tcsh ($SHELL); give --shell bash, zsh or fish\n"
        )
    }

    @Test("bash without the bash-completion package: install says so and gives the line; --bashrc adds it, once")
    func bashWithoutPackage() throws {
        let script = home.sub(".local/share/bash-completion/completions/alog")
        let source = "source \(script)"
        let package = [
            "/usr/share/bash-completion/bash_completion", "/etc/bash_completion",
            "/usr/local/share/bash-completion/bash_completion", "/usr/local/etc/profile.d/bash_completion.sh",
            "/opt/homebrew/etc/profile.d/bash_completion.sh",
        ].contains { FileManager.default.fileExists(atPath: $0) }
        let installed = try front(["completions", "install", "--shell", "bash"])
        #expect(installed.succeeded, "\(installed.stderr)")
        #expect(
            installed.stdout.hasSuffix(
                package
                    ? "New bash shells load it (with the bash-completion package); in this one: \(source)\n"
                    : "bash-completion is not installed, so new bash shells do not load it; add this line to \(home.sub(".bashrc")) (or run 'alog completions install --shell bash --bashrc'): \(source)\n"
            ), "\(installed.stdout)")

        try writeFile(home.sub(".bashrc"), "alias ll='ls -l'")
        let added = line(try front(["completions", "install", "--bashrc"]))
        #expect(
            added.hasSuffix(
                "added '\(source)' to \(home.sub(".bashrc")): new bash shells load it; in this one: \(source)"))
        let again = line(try front(["completions", "install", "--shell", "bash", "--bashrc"]))
        #expect(again.hasSuffix("New bash shells load it (\(home.sub(".bashrc")) sources it); in this one: \(source)"))
        #expect(try readFile(home.sub(".bashrc")) == "alias ll='ls -l'\n# alog's shell completion\n\(source)\n")

        // A new interactive bash now knows alog's completion.
        let bash = try runProcess(
            "/bin/bash", ["-ic", "complete -p alog"],
            environment: ["PATH": productsDirectory + ":/usr/bin:/bin", "HOME": home.path])
        #expect(
            bash.succeeded && bash.stdout == "complete -o filenames -o nosort -F _alog alog\n",
            "\(bash.stdout) \(bash.stderr)")

        let zsh = try front(["completions", "install", "--shell", "zsh", "--bashrc"])
        #expect(zsh.status == 1 && zsh.stderr.contains("--bashrc is for bash"), "\(zsh.stderr)")
    }
}
