#!/usr/bin/env python3
"""Prints a Swift Testing --filter/--skip pattern for the tests that carry a tag.

    scripts/tagged-tests.py process    # the suites and tests tagged .process
    scripts/tagged-tests.py browser    # the browser test's suite

This toolchain's test runner filters on test IDs only (`Module.Suite/test(...)`), not on tags,
so `scripts/test.sh --process` and `--in-process` select by this pattern, read from the tags in
Tests/ (Tests/TestSupport/Layers.swift declares them): a tag put on a suite or a test is picked
up without a list to keep. A tag on a `@Suite` selects the type declared after it; a tag on a
`@Test` selects that function in the type around it.
"""
import pathlib
import re
import sys

if len(sys.argv) != 2 or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", sys.argv[1]):
    sys.exit("usage: scripts/tagged-tests.py TAG")
tag = sys.argv[1]
tests = pathlib.Path(__file__).resolve().parent.parent / "Tests"
tagged = re.compile(r"\.tags\([^)]*\.%s\b" % re.escape(tag))
attribute = re.compile(r"^\s*@(Suite|Test)\b")
declaration = re.compile(r"^\s*(?:(?:public|package|internal|private|fileprivate|final)\s+)*(?:struct|class|enum|actor)\s+([A-Za-z_][A-Za-z0-9_]*)")
function = re.compile(r"^\s*(?:(?:static|mutating|nonisolated)\s+)*func\s+([A-Za-z_][A-Za-z0-9_]*)")

ids = set()
for path in sorted(tests.glob("*/**/*.swift")):
    module = path.relative_to(tests).parts[0]
    lines = path.read_text(encoding="utf-8").splitlines()
    types = []  # (indent, name) of the types around the current line
    pending = None  # "Suite" or "Test": the last attribute seen carries the tag
    kind = None  # the attribute whose arguments are being read
    for line in lines:
        indent = len(line) - len(line.lstrip())
        match = attribute.match(line)
        if match:
            kind, pending = match.group(1), None
        if kind and tagged.search(line):
            pending = kind
        match = declaration.match(line)
        if match:
            while types and types[-1][0] >= indent:
                types.pop()
            types.append((indent, match.group(1)))
            if pending == "Suite":
                ids.add("%s.%s" % (module, ".".join(name for _, name in types)))
            kind = pending = None
            continue
        match = function.match(line)
        if match:
            while types and types[-1][0] >= indent:
                types.pop()
            if pending == "Test" and types:
                ids.add("%s.%s/%s(" % (module, ".".join(name for _, name in types), match.group(1)))
            kind = pending = None
if not ids:
    sys.exit("tagged-tests.py: no test in Tests/ carries the tag .%s" % tag)
print("^(%s)" % "|".join(re.escape(i) for i in sorted(ids)))
