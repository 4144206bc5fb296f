#!/usr/bin/env python3
"""The dashboard's deep History pages and the Timeline on a large vault (issue 48).

    scripts/history-bench.py BIN_DIR VAULT [ROUNDS [PAGE]]

PAGE (default 1,999) is how deep the Older link is followed. Starts BIN_DIR/alog-serve on VAULT (127.0.0.1, a free port), then asks for each page ROUNDS
times (default 20) one after another and prints the median and the slowest answer time (as
the client sees it, on loopback), and the server's resident memory (VmRSS) before and after
each page's rounds. Generate a vault with alog-bench (docs/performance.md), e.g.
`alog-bench --quick --history-only --out DIR` leaves DIR/vault-100000.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request


def rss(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1)) // 1024


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 64
    bin_dir, vault = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    server = subprocess.Popen([os.path.join(bin_dir, "alog-serve"), "serve", "--port", "0", "--vault", vault],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        base = "http://127.0.0.1:" + re.search(r"127\.0\.0\.1:(\d+)/", server.stdout.readline()).group(1)

        def get(path):
            started = time.monotonic()
            with urllib.request.urlopen(base + path) as response:
                body = response.read()
                assert response.status == 200, (path, response.status)
            return (time.monotonic() - started) * 1000, body

        listed = json.loads(get("/api/history?limit=1")[1])
        count = len(json.loads(get("/api/history")[1])) if "--count" in sys.argv else None
        # A place deep in the history: the entry 50 pages from the end, through the API.
        deep_page = int(sys.argv[4]) if len(sys.argv) > 4 else 1_999
        old = json.loads(get(f"/api/history?skip={deep_page * 50}&limit=1")[1])
        cursor = urllib.parse.quote(f"{old[0]['at']},{old[0]['id']}") if old else ""
        day = listed[0]["date"]
        pages = [
            ("History, first page", "/history"),
            (f"History ?page={deep_page + 1} (the old link: a jump in the index)", f"/history?page={deep_page + 1}"),
            (f"History ?before= the {deep_page * 50 + 1}th entry (Older from page {deep_page})",
             f"/history?before={cursor}"),
            ("History ?before=… with a type filter", f"/history?before={cursor}&type=exercise"),
            (f"Timeline of {day}", f"/timeline?date={day}"),
            ("/api/status (for comparison)", "/api/status"),
            (f"the old way: /api/history?limit={deep_page * 50 + 51} (what ?page={deep_page + 1} ran before)",
             f"/api/history?limit={deep_page * 50 + 51}"),
        ]
        print(f"vault: {vault}" + (f" ({count} entries)" if count else ""))
        print(f"server RSS at start: {rss(server.pid)} MB")
        for title, path in pages:
            get(path)  # warm
            before = rss(server.pid)
            times = sorted(get(path)[0] for _ in range(rounds))
            print(f"{title}: median {statistics.median(times):.1f} ms, slowest {times[-1]:.1f} ms "
                  f"(RSS {before} → {rss(server.pid)} MB)")
    finally:
        server.send_signal(2)
        server.wait(timeout=20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
