#!/usr/bin/env python3
"""The dashboard in a real browser: Debian's Chromium driven headless by Playwright.

It starts `alog-serve` on a new vault, opens the Today page, logs an entry with a click and
another with the keyboard, checks each made one commit and appeared without a reload, then
runs `alog log` from the shell and waits for the page to show it by itself; it also checks the
History, Reports and Calendar pages, a refusal shown in words, and that nothing overflows a
360 px wide screen. Exit status 0 when all holds; 77 when Chromium or Playwright is missing
(the test suite then says the browser test was skipped, and why).

    scripts/browser-test.py BIN_DIR [--part interact|audit-phone|audit-desktop] [--screenshots DIR]

BIN_DIR holds `alog-serve` and `alog`. --screenshots writes web-today-light.png and
web-today-dark.png (the README's) into DIR. --part runs half of it, on a vault and a server of
its own: `interact` (the logging, live updates, forms, themes and fonts), `audit-phone` or
`audit-desktop` (every page at 360 or 1280 px, light and dark, with axe-core); the test suite
runs the three side by side, so none waits for another. Without it, all run, one after another.
"""
import csv
import datetime
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time

CHROMIUM = os.environ.get("ALOG_CHROMIUM", "/usr/bin/chromium")
# How long a step may take: generous, for a machine busy with the rest of the test suite (the
# 2-second bound on live updates is LiveTests' to check; this run prints what it saw).
WAIT = 15000


PAGES = ["/", "/timeline", "/history", "/history?tag=deep", "/reports", "/reports?period=week&by=tag", "/calendar",
         "/sync", "/settings", "/entry/"]


def audit(browser, base, check, shots, widths):
    """Each page at the widths (360 and 1280 px), light and dark: the scroll width, and axe-core's
    serious and critical violations (none allowed). With shots, a screenshot of each page and mode."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        check(False, "axe-core is there (pip install axe-playwright-python)")
        return
    axe = Axe()
    for width, height in [(width, height) for width, height in [(360, 780), (1280, 860)] if width in widths]:
        for scheme in ["light", "dark"]:
            context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                          bypass_csp=True)
            page = context.new_page()
            for path in PAGES:
                # The filtered pages share their page's layout: two of the four modes suffice.
                if "?" in path and (width, scheme) not in [(360, "light"), (1280, "dark")]:
                    continue
                if path == "/entry/":
                    # An entry's page: the newest timer's (its form has Start and End).
                    page.goto(base + "/history")
                    path = page.eval_on_selector("li:has(.window:not(:empty)) a.details",
                                                 "(link) => link.getAttribute('href')")
                page.goto(base + path)
                page.wait_for_selector("#connection.on", timeout=WAIT)
                scroll = page.evaluate("document.documentElement.scrollWidth")
                check(scroll <= width, f"{path} at {width} px {scheme}: nothing wider than the screen ({scroll})")
                # Nothing cut off inside the page either: each form field and label fits its box.
                clipped = page.evaluate("""[...document.querySelectorAll(
                    'main input, main select, main textarea, main .heat-legend, main .weekdays')].filter((e) => e.getBoundingClientRect().right
                    > document.documentElement.clientWidth + 0.5).map((e) => e.name || e.className.baseVal
                    || e.className)""")
                check(not clipped, f"{path} at {width} px {scheme}: no field or legend past the screen's edge {clipped}")
                violations = [v for v in axe.run(page).response["violations"]
                              if v.get("impact") in ("serious", "critical")]
                check(not violations, f"{path} at {width} px {scheme}: no serious or critical axe violation "
                      + "; ".join(f"{v['id']}: {v['nodes'][0]['target']}" for v in violations))
                if shots and (width == 1280 or scheme == "light"):
                    if "?" in path:
                        continue  # the filtered pages look like their page
                    name = "today" if path == "/" else path.strip("/").split("/")[0]
                    page.screenshot(path=os.path.join(shots, f"web-{name}-{width}-{scheme}.png"), full_page=True)
            context.close()


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 64
    bin_dir = sys.argv[1]
    shots = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
    part = sys.argv[sys.argv.index("--part") + 1] if "--part" in sys.argv else "all"
    audits = {"all": [360, 1280], "interact": [], "audit-phone": [360], "audit-desktop": [1280]}
    if part not in audits:
        print(f"--part must be interact, audit-phone or audit-desktop, not {part!r}")
        return 64
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("browser test skipped: Python's playwright is not installed (pip install playwright)")
        return 77
    if not os.access(CHROMIUM, os.X_OK):
        print(f"browser test skipped: no Chromium at {CHROMIUM} (apt-get install chromium)")
        return 77

    home = tempfile.mkdtemp(prefix="alog-browser-")
    vault = os.path.join(home, "vault")
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"), NO_COLOR="1",
               GIT_AUTHOR_NAME="Browser Test", GIT_AUTHOR_EMAIL="browser@example.com",
               GIT_COMMITTER_NAME="Browser Test", GIT_COMMITTER_EMAIL="browser@example.com")
    alog = os.path.join(bin_dir, "alog")

    def run(*args):
        return subprocess.run([alog, *args, "--vault", vault], env=env, check=True,
                              capture_output=True, text=True).stdout

    def commits():
        return int(subprocess.run(["git", "-C", vault, "rev-list", "--count", "HEAD"],
                                  capture_output=True, text=True, check=True).stdout)

    run("init")
    run("log", "wake", "--at", "-3h")
    run("log", "meal", "--at", "-2h", "--note", "porridge")
    run("types", "add", "reading", "--icon", "📖")
    run("types", "add", "work", "--color", "#8250DF", "--group", "job")
    # A week behind: work, exercise and reading windows, for the charts and the screenshots.
    now = datetime.datetime.now().astimezone().replace(microsecond=0)
    for back in range(1, 8):
        day = (now - datetime.timedelta(days=back)).replace(hour=0, minute=0, second=0)
        for type_, start, minutes in [("work", 9, 180 + 20 * back), ("exercise", 18, 30 + 5 * back),
                                      ("reading", 21, 40 if back % 2 else 75)]:
            begin = day + datetime.timedelta(hours=start)
            run("track", type_, *(["+deep", "+client-x"] if type_ == "work" and back % 2 else []), "--from",
                begin.isoformat(), "--to", (begin + datetime.timedelta(minutes=minutes)).isoformat())
        run("log", "meal", "--at", (day + datetime.timedelta(hours=12, minutes=30)).isoformat())
    run("start", "reading", "+deep", "+Deep Focus", "--at", "-25m", "--goal", "1h")

    server = subprocess.Popen([os.path.join(bin_dir, "alog-serve"), "serve", "--port", "0", "--vault", vault],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    failures = []

    def check(condition, what):
        print(("ok   " if condition else "FAIL ") + what)
        if not condition:
            failures.append(what)

    try:
        line = server.stdout.readline()
        port = re.search(r"127\.0\.0\.1:(\d+)/", line)
        if not port:
            print("alog-serve printed no address:", line, server.stderr.read())
            return 1
        base = f"http://127.0.0.1:{port.group(1)}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-extensions", "--disable-background-networking", "--disable-component-update"])
            if shots:
                for scheme in ["light", "dark"]:
                    shot = browser.new_page(color_scheme=scheme, viewport={"width": 960, "height": 860})
                    shot.goto(base + "/")
                    shot.wait_for_selector("#connection.on", timeout=WAIT)
                    shot.screenshot(path=os.path.join(shots, f"web-today-{scheme}.png"))
            if part in ("all", "interact"):
                # The checks below evaluate script in the page, which the page's own policy forbids
                # (script-src 'self'): this page lets the test's scripts through; the 360 px page
                # below keeps the policy and must show no violation.
                page = browser.new_page(viewport={"width": 1000, "height": 900}, bypass_csp=True)
                errors = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.on("console", lambda message: message.type == "error" and errors.append(message.text))
                page.goto(base + "/")
                page.wait_for_selector("#connection.on", timeout=WAIT)
                # A marker that a reload would lose.
                page.evaluate("window.__noReload = true")

                # Today's list holds only today's entries: the ones logged hours back above may be
                # yesterday's when this runs soon after midnight, so count what is shown first.
                shown_before = page.evaluate("document.querySelectorAll('.entries li').length")
                before = commits()
                page.get_by_role("button", name="Log meal").click()
                page.wait_for_function(f"document.querySelectorAll('.entries li').length === {shown_before + 1}",
                                       timeout=WAIT)
                check(page.evaluate("window.__noReload === true"), "a click logs meal and the entry appears without a reload")
                check(commits() == before + 1, "the click made exactly one commit")
                check(subprocess.run(["git", "-C", vault, "fsck", "--strict"], capture_output=True).returncode == 0,
                      "git fsck --strict passes")

                # The keyboard alone: Tab to the 'Log wake' button, Enter.
                before = commits()
                page.focus("body")
                for _ in range(60):
                    page.keyboard.press("Tab")
                    if page.evaluate("document.activeElement?.getAttribute('aria-label')") == "Log wake":
                        break
                check(page.evaluate("document.activeElement?.getAttribute('aria-label')") == "Log wake",
                      "Tab reaches the 'Log wake' button")
                page.keyboard.press("Enter")
                page.wait_for_function(f"document.querySelectorAll('.entries li').length === {shown_before + 2}",
                                       timeout=WAIT)
                check(commits() == before + 1, "Enter on a focused button logs (one commit)")

                # A change from the shell appears by itself.
                run("log", "exercise", "--note", "from the shell")
                started = time.monotonic()
                try:
                    page.wait_for_selector("text=from the shell", timeout=WAIT)
                    shown = True
                except Exception:
                    shown = False
                took = time.monotonic() - started
                check(shown and page.evaluate("window.__noReload === true"),
                      f"'alog log' in a terminal appears on the open page by itself (SSE), after {took:.2f} s")

                # Tags on an entry's page: one put on with the form, one taken off with its button,
                # each one commit, the page showing it without a reload.
                page.goto(base + "/history?tag=Deep%20Focus")
                page.wait_for_selector("#connection.on", timeout=WAIT)
                page.click("li:has(.tags) a.details")
                page.wait_for_selector("#connection.on", timeout=WAIT)
                page.evaluate("window.__noReload = true")
                before = commits()
                page.fill("form[data-action=tag] input[name=tag]", "on the couch")
                page.get_by_role("button", name="Add tag").click()
                page.wait_for_selector("button[data-tag='on the couch']", timeout=WAIT)
                check(commits() == before + 1 and page.evaluate("window.__noReload === true"),
                      "the entry page's form puts a tag on (one commit, shown without a reload)")
                page.get_by_role("button", name="Take the tag Deep Focus off").click()
                page.wait_for_function("!document.querySelector(\"button[data-tag='Deep Focus']\")", timeout=WAIT)
                check(commits() == before + 2, "a tag's button takes it off (one commit)")
                page.goto(base + "/")
                page.wait_for_selector("#connection.on", timeout=WAIT)
                page.evaluate("window.__noReload = true")

                # A refusal reads as the CLI's.
                page.fill("#quick input[name=at]", "+3h")
                page.get_by_role("button", name="Log meal").click()
                page.wait_for_selector("#alerts:not(:empty)", timeout=WAIT)
                check("invalid time '+3h'" in page.inner_text("#alerts"), "a refused log shows the CLI's sentence")
                page.fill("#quick input[name=at]", "")

                # The running timer: stop it with its button.
                page.get_by_role("button", name="Stop reading").click()
                page.wait_for_selector("text=No timer running.", timeout=WAIT)
                check(True, "Stop reading stops the timer")

                for path, marker in [("/history", "History"), ("/reports", "Reports"), ("/calendar", "Calendar"),
                                     ("/sync", "Sync")]:
                    page.goto(base + path)
                    check(page.locator("h1").first.inner_text().startswith(marker), f"{path} renders")
                # (The refused log above is a 400 the console reports as a failed load: expected.)
                errors = [error for error in errors if "status of 400" not in error]
                check(not errors, f"no script errors ({errors})")

                small = browser.new_page(viewport={"width": 360, "height": 780})
                strict = []
                small.on("console", lambda message: message.type == "error" and strict.append(message.text))
                small.on("pageerror", lambda error: strict.append(str(error)))
                for path in ["/", "/history", "/reports", "/calendar", "/sync"]:
                    small.goto(base + path)
                    small.wait_for_load_state("networkidle") if path != "/" else small.wait_for_timeout(300)
                    width = small.evaluate("document.documentElement.scrollWidth")
                    check(width <= 360, f"{path} fits 360 px (scroll width {width})")
                check(not strict, f"the pages run under their own content security policy without a violation ({strict})")

                # Undo, from the History page: the confirmation, then `alog undo`'s message.
                before = commits()
                page.goto(base + "/history")
                page.wait_for_selector("#connection.on", timeout=WAIT)
                page.once("dialog", lambda dialog: dialog.accept())
                page.get_by_role("button", name="Undo last change").click()
                page.wait_for_selector("#messages:has-text('undid')", timeout=WAIT)
                check(commits() == before + 1 and "undid" in page.inner_text("#messages"),
                      f"Undo asks first, then undoes with one commit ({page.inner_text('#messages')!r})")
                with page.expect_download() as download:
                    page.get_by_role("link", name="Export CSV").click()
                saved = download.value
                with open(saved.path(), "rb") as file:
                    got = file.read()
                expected = subprocess.run([alog, "export", "--format", "csv", "--vault", vault], env=env,
                                          capture_output=True, check=True).stdout

                def settled(data):
                    # The running timer's row counts its seconds up to the moment of the export.
                    rows = list(csv.reader(io.StringIO(data.decode())))
                    return [row for row in rows if not (len(row) > 5 and row[4] == "" and row[5] != "")], len(rows)
                check(saved.suggested_filename == "alog-export.csv" and settled(got) == settled(expected)
                      and b"porridge" in got,
                      f"Export CSV downloads what 'alog export' prints ({saved.suggested_filename}, {len(got)} bytes,"
                      f" {len(expected)} expected)")

                # Settings: a type's colour changed in its form, then its goal; each one commit.
                before = commits()
                page.goto(base + "/settings")
                page.wait_for_selector("#connection.on", timeout=WAIT)
                look = page.locator("form[data-action=type]:has(input[value=work])")
                look.locator("input[name=color]").fill("#0969DA")
                look.get_by_role("button", name="Save work").click()
                page.wait_for_selector("#messages:has-text('work')", timeout=WAIT)
                page.wait_for_selector("input[name=color][data-initial='#0969da' i]", timeout=WAIT)
                goal = page.locator("form[aria-label='The daily goal of work']")
                goal.locator("input[name=goal]").fill("2h")
                goal.get_by_role("button", name="Set the goal").click()
                page.wait_for_function(f"document.querySelector('#messages')?.textContent.includes('2h')", timeout=WAIT)
                types = json.loads(run("types", "list", "--json"))
                check(commits() == before + 2 and any(t["name"] == "work" and t.get("color", "").lower() == "#0969da"
                                                      for t in types) and '"goalSeconds":7200' in run("goals", "list", "--json"),
                      f"Settings changes a colour and a goal, one commit each ({page.inner_text('#messages')!r})")

                # Settings: a new type from its form, moved up, then removed (asked first); each one
                # commit, each through the CLI's rules.
                before = commits()
                new = page.locator("form[aria-label='A new type']")
                new.locator("input[name=type]").fill("zazen")
                new.locator("input[name=icon]").fill("♟")
                new.get_by_role("button", name="Add the type").click()
                page.wait_for_selector("#messages:has-text('defined ♟ zazen')", timeout=WAIT)
                check(new.locator("input[name=type]").input_value() == "", "the new type's form is empty again once it is added")
                order = json.loads(run("types", "list", "--json"))
                place = [t["name"] for t in order].index("zazen")
                page.get_by_role("button", name="Move zazen up").click()
                page.wait_for_selector("#messages:has-text('types listed as')", timeout=WAIT)
                moved = [t["name"] for t in json.loads(run("types", "list", "--json"))]
                check(moved.index("zazen") == place - 1, f"Up moves zazen one place up ({place} -> {moved.index('zazen')})")
                page.once("dialog", lambda dialog: dialog.accept())
                page.get_by_role("button", name="Remove zazen").click()
                page.wait_for_selector("#messages:has-text('removed type')", timeout=WAIT)
                page.wait_for_selector("button[aria-label='Bring back zazen']", timeout=WAIT)
                check(commits() == before + 3 and "zazen" not in run("types", "list"),
                      f"Settings adds, moves and removes a type, one commit each ({page.inner_text('#messages')!r})")

                # What a person is typing survives a live refresh: the text, the focus and the caret,
                # in an entry's note and in a Settings field, while a terminal writes to the vault.
                def typed_through_refresh(field, text, selection, log):
                    """Types text into field with the selection set, runs `alog log` from a shell
                    and waits for the page's live refresh; the focused field's state after it."""
                    page.evaluate("window.__refreshes = 0; "
                                  "document.addEventListener('alog:refreshed', () => window.__refreshes++)")
                    field.fill(text)
                    field.focus()
                    page.evaluate(f"document.activeElement.setSelectionRange({selection[0]}, {selection[1]})")
                    run("log", *log)
                    page.wait_for_function("window.__refreshes > 0", timeout=WAIT)
                    return page.evaluate("""[document.activeElement.name, document.activeElement.value,
                        document.activeElement.selectionStart, document.activeElement.selectionEnd,
                        document.activeElement.closest('form')?.getAttribute('aria-label')]""")

                goal = page.locator("form[aria-label='The daily goal of exercise'] input[name=goal]")
                kept = typed_through_refresh(goal, "1h15m", (2, 2), ["meal", "--note", "while typing in settings"])
                kept = kept[:3] + kept[4:]
                check(kept == ["goal", "1h15m", 2, "The daily goal of exercise"],
                      f"a Settings field keeps its text, focus and caret across a live refresh ({kept})")
                page.goto(base + "/history")
                page.wait_for_selector("#connection.on", timeout=WAIT)
                page.locator("li:has-text('porridge') a.details").first.click()
                page.wait_for_selector("form[data-action=edit]", timeout=WAIT)
                page.wait_for_selector("#connection.on", timeout=WAIT)
                note = page.locator("form[data-action=edit] textarea[name=note]")
                kept = typed_through_refresh(note, "porridge with pears and", (9, 13),
                                             ["wake", "--note", "while typing a note"])[:4]
                check(kept == ["note", "porridge with pears and", 9, 13],
                      f"an entry's note keeps its text, focus and selection across a live refresh ({kept})")
                page.keyboard.type(" honey")
                check(note.input_value() == "porridge  honey pears and",
                      f"typing goes on where the caret was ({note.input_value()!r})")

            # Every page at a phone's width and a desktop's, light and dark: nothing wider than
            # the screen, and no serious or critical accessibility violation (axe-core).
            if audits[part]:
                audit(browser, base, check, shots, audits[part])

            if part in ("all", "interact"):
                # The dark heat map takes the dark palette: its brightest level is the most active.
                for scheme, expected in [("light", "rgb(33, 110, 57)"), ("dark", "rgb(57, 211, 83)")]:
                    themed = browser.new_page(color_scheme=scheme)
                    themed.goto(base + "/calendar")
                    fill = themed.evaluate("getComputedStyle(document.querySelector('rect.day.l4')).fill")
                    check(fill == expected, f"the heat map's top level in {scheme} mode is {expected} ({fill})")
                    themed.close()

                # No emoji font: a canvas that draws every glyph as a grey box, as a missing one is.
                # The icons then show their type's first letter; with the font, the emoji stay.
                plain = browser.new_context()
                plain.add_init_script("""CanvasRenderingContext2D.prototype.fillText = function (text, x, y) {
                    this.fillStyle = '#444'; this.fillRect(x, y, 16, 16); };""")
                boxes = plain.new_page()
                boxes.goto(base + "/")
                boxes.wait_for_selector("html.no-emoji", timeout=WAIT)
                letters = boxes.evaluate("[...document.querySelectorAll('.icon')].map((e) => e.textContent)")
                check(letters and all(len(letter) == 1 and letter.isalpha() for letter in letters),
                      f"without an emoji font each icon is its type's first letter ({letters[:6]})")
                plain.close()
                normal = browser.new_page()
                normal.goto(base + "/")
                check(not normal.evaluate("document.documentElement.classList.contains('no-emoji')")
                      and "🍽" in normal.inner_text(".types"), "with an emoji font the icons stay emoji")
                normal.close()

            browser.close()
    finally:
        server.send_signal(2)
        try:
            status = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            status = None
        check(status == 0, f"Ctrl-C ends the server with status 0 (got {status})")
    print(f"browser test ({part}): " + ("passed" if not failures else f"{len(failures)} failed"))
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
