#!/usr/bin/env python3
"""Keeps the documented module graph in step with Package.swift, and checks imports.

Reads the package description (`swift package dump-package`, or a saved dump with
`--json FILE`) and:

  (no flag)   prints the generated Markdown: a Mermaid graph of the non-test targets
              (module -> each direct dependency; external products as cylinders) and a
              table "module | kind | depends on (direct)", lowest layer first.
  --write     replaces the region between `<!-- module-graph:begin -->` and
              `<!-- module-graph:end -->` in docs/architecture.md with that Markdown.
  --imports   checks that every module a Swift target imports (`import X`,
              `@testable import X`, `import struct X.Y`, ...) is a direct dependency of
              that target, toolchain modules (Foundation, Glibc, Testing, ...) aside.
  --check     both checks CI needs: the doc's region is up to date, and the imports.

CI: `scripts/test.sh` runs `scripts/module-graph.sh --check`.
Exit status: 0 ok, 1 the doc is out of date or an import is undeclared, 2 bad usage or
`swift package dump-package` failed.
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

BEGIN, END = "<!-- module-graph:begin -->", "<!-- module-graph:end -->"
DOC = "docs/architecture.md"
# Modules of the toolchain and the operating system: imported without a declaration.
TOOLCHAIN = {
    "Swift", "SwiftShims", "_Concurrency", "_StringProcessing", "_Backtracking", "RegexBuilder",
    "Synchronization", "Observation", "Distributed", "Cxx", "CxxStdlib", "Dispatch",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Testing", "XCTest", "Glibc", "Musl", "Bionic", "Android", "WASILibc",
    "Darwin", "os", "ObjectiveC", "WinSDK", "ucrt", "CRT",
}
# A product whose module name differs from the product's name: {product: module}. None yet:
# ArgumentParser, PropertyBased and Crypto are each one module of the same name.
PRODUCT_MODULES: dict[str, str] = {}
SWIFT_KINDS = {"regular", "executable", "test", "macro"}
IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"                       # @testable, @_exported, @_spi(X)
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"  # import struct X.Y
    r"([A-Za-z_]\w*)")


# Modules whose types must not appear in another module's public API.
LEAK_GUARDED = {"LedgerGit", "CLibGit2"}
# The library below the shells returns and throws data; a sentence that tells the user to run
# an `alog` command belongs in LedgerMessages (or a shell), which says it once for the CLI, a
# web page and a URL handler alike (issue 22).
WORDLESS = {"LedgerCore", "LedgerVault", "LedgerReports", "LedgerInterchange", "LedgerStore", "LedgerSystem", "LedgerGit"}
NAMES_A_COMMAND = re.compile(r"""'alog [a-z]""")


def fail(message, status):
    print(f"module-graph: {message}", file=sys.stderr)
    sys.exit(status)


def load_package(root, json_file):
    if json_file:
        try:
            return json.loads(Path(json_file).read_text())
        except (OSError, ValueError) as error:
            fail(f"cannot read {json_file}: {error}", 2)
    try:
        run = subprocess.run(["swift", "package", "dump-package"], cwd=root,
                             capture_output=True, text=True)
    except OSError as error:
        fail(f"cannot run swift: {error}", 2)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        fail("`swift package dump-package` failed", 2)
    return json.loads(run.stdout)


def target_dir(root, target):
    default = ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
    return root / (target.get("path") or default)


def dependencies(target):
    """(name, package or None) of each direct dependency; package is set for products."""
    for dep in target["dependencies"]:
        (how, fields), = dep.items()
        yield fields[0], fields[1] if how == "product" else None


def modules(package, root):
    """{name: (kind, {dependency: package or None})} of every target of the package."""
    result = {}
    for t in package["targets"]:
        kind = t["type"]
        if kind == "regular":
            has_swift = any(target_dir(root, t).rglob("*.swift"))
            kind = "library" if has_swift or not target_dir(root, t).exists() else "C library"
        kind = {"system": "system library"}.get(kind, kind)
        result[t["name"]] = (kind, dict(dependencies(t)))
    return result


def is_test_side(target):
    """A test target, or a helper target of the tests (such as Tests/TestSupport)."""
    return target["type"] == "test" or str(target_dir(Path(), target)).startswith("Tests/")


def node(name, kind):
    """(id, declaration) of a Mermaid node: an id Mermaid accepts, a shape for the kind."""
    ident = re.sub(r"\W", "_", name)
    return ident, ident + {"executable": f'(["{name}"])', "system library": f'{{{{"{name}"}}}}',
                           "product": f'[("{name}")]'}.get(kind, f'["{name}"]')


def graph_markdown(package, root):
    mods = modules(package, root)
    shown = {t["name"] for t in package["targets"] if not is_test_side(t)}
    layer = {}

    def layer_of(name):
        if name not in layer:
            layer[name] = 0  # guards against a cycle; SwiftPM rejects those anyway
            inside = [d for d, pkg in mods[name][1].items() if pkg is None and d in mods]
            layer[name] = 1 + max(map(layer_of, inside), default=-1)
        return layer[name]

    order = sorted(shown, key=lambda n: (layer_of(n), n))
    nodes, edges = {}, set()
    rows = []
    for name in order:
        kind, deps = mods[name]
        nodes.setdefault(*node(name, kind))
        shown_deps = []
        for dep, pkg in sorted(deps.items()):
            if pkg is not None or dep not in mods:  # a product (perhaps named byName)
                nodes.setdefault(*node(dep, "product"))
            shown_deps.append(f"{dep} ({pkg})" if pkg else dep)
            edges.add(f"    {node(name, kind)[0]} --> {node(dep, kind)[0]}")
        rows.append(f"| {name} | {kind} | {', '.join(shown_deps) or '—'} |")
    return "\n".join([
        "<!-- generated from Package.swift by scripts/module-graph.sh --write; do not edit -->",
        "```mermaid", "graph BT", *(f"    {nodes[n]}" for n in sorted(nodes)), *sorted(edges),
        "```", "",
        "| module | kind | depends on (direct) |", "|---|---|---|", *rows])


def swift_lines(text):
    """The lines of Swift source outside comments and multi-line string literals."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    in_string = False
    for line in text.splitlines():
        quotes = line.count('"""') % 2
        if not in_string:
            yield re.sub(r"//.*", "", line)
        in_string ^= bool(quotes)


def import_violations(package, root):
    mods = modules(package, root)
    found = []
    for t in package["targets"]:
        if t["type"] not in SWIFT_KINDS:
            continue
        declared = {PRODUCT_MODULES.get(d, d) for d in mods[t["name"]][1]} | {t["name"]}
        base = target_dir(root, t)
        excluded = [base / e for e in t.get("exclude") or []]
        imported = set()
        for file in sorted(base.rglob("*.swift")):
            if any(file == e or e in file.parents for e in excluded):
                continue
            for line in swift_lines(file.read_text(errors="replace")):
                match = IMPORT.match(line)
                if match:
                    imported.add(match[1])
                if match and match[1] not in TOOLCHAIN and match[1] not in declared:
                    found.append(f"{file.relative_to(root)}: imports {match[1]}, "
                                 f"which target {t['name']} does not declare")
                # The git wrapper stays out of every public API but its own: with
                # InternalImportsByDefault the compiler then refuses a LedgerGit or CLibGit2
                # type in another module's public declarations (issue 22).
                if (match and match[1] in LEAK_GUARDED and t["name"] not in LEAK_GUARDED
                        and re.match(r"\s*public\s+import\b", line)):
                    found.append(f"{file.relative_to(root)}: 'public import {match[1]}' would put the git "
                                 f"wrapper's types in {t['name']}'s public API; convert them at the boundary "
                                 f"(CommitID, Vault.Author, Vault.Remote) or use 'package import'")
            if t["name"] in WORDLESS:
                for number, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
                    code = re.sub(r"//.*", "", line) if not line.lstrip().startswith('"') else line
                    if NAMES_A_COMMAND.search(code) and not line.lstrip().startswith("///"):
                        found.append(f"{file.relative_to(root)}:{number}: a sentence naming an alog command in "
                                     f"{t['name']}; throw or return data and write the words in LedgerMessages")
        # A Swift module declared but never imported is a dependency the graph shows and the
        # code does not have (C targets and system libraries are linked for their symbols).
        for dep in sorted(mods[t["name"]][1]):
            module = PRODUCT_MODULES.get(dep, dep)
            if mods.get(dep, ("library",))[0] == "library" and module not in imported:
                found.append(f"{base.relative_to(root)}: target {t['name']} declares {module}, "
                             f"which none of its files imports")
    return sorted(set(found))


def doc_region(doc_path):
    """(text, start, stop) of the doc and its generated region, or None without markers."""
    text = doc_path.read_text() if doc_path.exists() else ""
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        print(f"module-graph: {DOC} has no region for the module graph: add the lines\n"
              f"  {BEGIN}\n  {END}\nwhere it belongs, then run scripts/module-graph.sh --write",
              file=sys.stderr)
        return None
    return text, begin + len(BEGIN), end


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--write", action="store_true", help=f"rewrite the region in {DOC}")
    mode.add_argument("--check", action="store_true", help="fail if the doc or imports drift")
    mode.add_argument("--imports", action="store_true", help="check imports only")
    parser.add_argument("--json", metavar="FILE", help="a saved `swift package dump-package`")
    parser.add_argument("--root", default=Path(__file__).resolve().parent.parent, type=Path,
                        help="the package's root (default: this script's repository)")
    args = parser.parse_args()
    root = args.root.resolve()
    package = load_package(root, args.json)
    status = 0
    if args.write or args.check:
        region = doc_region(root / DOC)
        text, start, stop = region or ("", 0, 0)
        wanted = "\n" + graph_markdown(package, root) + "\n"
        if region is None:
            status = 1
        elif args.write and text[start:stop] != wanted:
            (root / DOC).write_text(text[:start] + wanted + text[stop:])
            print(f"module-graph: updated {DOC}")
        elif args.check and text[start:stop] != wanted:
            print(f"{DOC}'s module graph is out of date; run scripts/module-graph.sh --write",
                  file=sys.stderr)
            status = 1
    if args.check or args.imports:
        violations = import_violations(package, root)
        for violation in violations:
            print(violation, file=sys.stderr)
        if violations:
            print("module-graph: fix the lines above (Package.swift declares exactly what each target "
                  "imports; the library's sentences live in LedgerMessages)", file=sys.stderr)
            status = 1
    if not (args.write or args.check or args.imports):
        print(graph_markdown(package, root))
    return status


if __name__ == "__main__":
    sys.exit(main())
