#!/usr/bin/env python3
"""Start-up of release builds beside timewarrior and git, in alternating rounds (issue 26).

usage: scripts/startup-bench.py [ROUNDS] RELEASE_DIR [RELEASE_DIR ...]
  e.g. scripts/build-release.sh && scripts/startup-bench.py 51 /tmp/base/.build/release .build/release

Each round runs, once each and in this order, for every RELEASE_DIR: `alog log meal` (the front,
which hands `log` to alog-full) and `alog-full --version`; then `timew start foo` (an untimed
`timew cancel` after it, where timewarrior is installed), `git commit --allow-empty -m x -q`,
`timew --version` and `/bin/true`. Three untimed rounds come first. Every build logs into one
small vault made for the run (so all sides see the same vault), timewarrior and git get a
database and a repository of their own; nothing outside a temporary folder is touched.

Prints per command the median wall time (posix_spawn to wait4), p25-p75, the median minor faults
and CPU time, and ratios: the median of each round's own ratio (runs moments apart), so a
machine that slows down during the run shifts both sides alike.
"""
import os, shutil, statistics, subprocess, sys, tempfile, time


def spawn(argv, env, cwd):
    null = os.open(os.devnull, os.O_RDWR)
    actions = [(os.POSIX_SPAWN_DUP2, null, fd) for fd in (0, 1, 2)]
    os.chdir(cwd)
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter_ns() - start) / 1e6
    os.close(null)
    os.chdir("/")
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"startup-bench: {' '.join(argv)} failed ({status})")
    return wall, usage.ru_minflt, (usage.ru_utime + usage.ru_stime) * 1e3


def main():
    args = sys.argv[1:]
    rounds = int(args.pop(0)) if args and args[0].isdigit() else 31
    if not args:
        sys.exit(__doc__)
    work = tempfile.mkdtemp(prefix="alog-startup-")
    env = dict(os.environ, XDG_CONFIG_HOME=f"{work}/config", ALOG_VAULT=f"{work}/vault",
               TIMEWARRIORDB=f"{work}/timew", GIT_AUTHOR_NAME="b", GIT_AUTHOR_EMAIL="b@example.com",
               GIT_COMMITTER_NAME="b", GIT_COMMITTER_EMAIL="b@example.com")
    os.makedirs(f"{work}/timew/data")
    open(f"{work}/timew/timewarrior.cfg", "w").close()
    subprocess.run(["git", "init", "-q", f"{work}/git"], check=True)
    first = os.path.abspath(args[0])
    subprocess.run([f"{first}/alog", "init", "--vault", f"{work}/vault"], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    commands = []  # (name, argv, cwd, untimed argv after it)
    for n, folder in enumerate(args):
        folder = os.path.abspath(folder)
        side = f"{n}:{os.path.basename(os.path.dirname(os.path.dirname(folder))) or folder}"
        commands.append((f"{side} alog log meal", [f"{folder}/alog", "log", "meal"], work, None))
        commands.append((f"{side} alog-full --version", [f"{folder}/alog-full", "--version"], work, None))
    timew = shutil.which("timew")
    if timew:
        commands.append(("timew start foo", [timew, "start", "foo"], work, [timew, "cancel"]))
    commands.append(("git commit --allow-empty", ["/usr/bin/git", "-C", f"{work}/git", "commit", "--allow-empty", "-m", "x", "-q"],
                     f"{work}/git", None))
    if timew:
        commands.append(("timew --version", [timew, "--version"], work, None))
    commands.append(("/bin/true", ["/bin/true"], work, None))
    samples = {name: [] for name, *_ in commands}
    for r in range(rounds + 3):
        for name, argv, cwd, after in commands:
            result = spawn(argv, env, cwd)
            if after:
                spawn(after, env, cwd)
            if r >= 3:
                samples[name].append(result)
    shutil.rmtree(work)
    print(f"{'command':40} {'median':>7} {'p25':>6} {'p75':>6} {'faults':>6} {'cpu':>5}  (ms, {rounds} rounds)")
    for name, *_ in commands:
        wall = [s[0] for s in samples[name]]
        q = statistics.quantiles(wall, n=4)
        print(f"{name:40} {statistics.median(wall):7.2f} {q[0]:6.2f} {q[2]:6.2f} "
              f"{statistics.median(s[1] for s in samples[name]):6.0f} {statistics.median(s[2] for s in samples[name]):5.1f}")

    def ratio(a, b):
        if a in samples and b in samples:
            r = [x[0] / y[0] for x, y in zip(samples[a], samples[b])]
            print(f"  {a} / {b}: {statistics.median(r):.2f}")

    print("ratios (median of the rounds' own ratios):")
    sides = [name[: -len(" alog log meal")] for name, *_ in commands if name.endswith(" alog log meal")]
    for side in sides:
        ratio(f"{side} alog log meal", "timew start foo")
        ratio(f"{side} alog log meal", "git commit --allow-empty")
        ratio(f"{side} alog-full --version", "timew --version")
    for side in sides[1:]:
        ratio(f"{side} alog log meal", f"{sides[0]} alog log meal")
        ratio(f"{side} alog-full --version", f"{sides[0]} alog-full --version")


if __name__ == "__main__":
    main()
