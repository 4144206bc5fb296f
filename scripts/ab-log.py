#!/usr/bin/env python3
"""`alog log` (the front) of two release builds side by side, on a small and a large vault, on
several file systems, beside `timew start` and `git commit --allow-empty` (issue 46).

usage: scripts/ab-log.py [--rounds N] [--large VAULT] [--fs DIR]... [--ext4-journal]
                         [--head-without FILE]... BASE HEAD
  BASE, HEAD   folders holding a release `alog` and `alog-full` each (scripts/build-release.sh
               --product alog and --product alog-full, then copy the two files aside)
  --large      a vault to copy for each side (alog-bench's generator: `alog-bench --history-only
               --out DIR` leaves DIR/vault-1000000)
  --fs DIR     measure in a fresh folder under DIR (repeatable; default: the temporary folder)
  --ext4-journal
               also on an ext4 file system with a journal: a 3 GB image made with mkfs.ext4 and
               mounted with `mount -o loop` in a private mount namespace (needs root; the image
               lives in the first --fs folder and is removed afterwards)
  --head-without FILE
               a folder put at .git/alog/FILE in the head side's vaults (index.spare; before
               issue 46 removed them, also ref.spare and branch-intent.spare), so the head runs
               as if that spare did not exist: alog uses a spare only while it is a plain file.
               With BASE = HEAD this measures what a spare is worth without a second build.

For every file system: each side gets its own small vault (`alog init`, three logs) and its own
copy of the large vault; three warm-up logs each, then the front must commit a log alone
(ALOG_FULL=/bin/false succeeds) or the run stops, since it would not be measuring the front.
Each round then runs `alog log meal` on base-small, head-small, base-large, head-large, then
`timew start` (an untimed `timew cancel` after it) and `git commit --allow-empty` in a
repository of its own. Prints medians (posix_spawn to wait4) and the median of each round's
own ratios, so a machine that slows down during the run shifts both sides alike.
"""
import importlib.util, os, shutil, statistics, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("startup_bench", f"{here}/startup-bench.py")
startup_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(startup_bench)
spawn = startup_bench.spawn


def run(argv, env, **kwargs):
    return subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)


def prepare(side, folder, vault, env, large, without):
    """A vault of `side` at `vault` on which the front commits `log` alone."""
    if large:
        shutil.copytree(large, vault, symlinks=True)
    else:
        result = run([f"{folder}/alog", "init", "--vault", vault], env)
        if result.returncode != 0:
            sys.exit(f"ab-log: alog init failed: {result.stderr.decode()}")
    for name in without:
        shutil.rmtree(f"{vault}/.git/alog/{name}", ignore_errors=True)
        if os.path.exists(f"{vault}/.git/alog/{name}"):
            os.remove(f"{vault}/.git/alog/{name}")
        os.makedirs(f"{vault}/.git/alog/{name}")
    for _ in range(3):
        run([f"{folder}/alog", "log", "meal", "--vault", vault], env, check=True)
    front_only = dict(env, ALOG_FULL="/bin/false")
    result = run([f"{folder}/alog", "log", "meal", "--vault", vault], front_only)
    if result.returncode != 0:
        sys.exit(f"ab-log: the front of {side} handed `log` on {vault} to alog-full; this would not "
                 "measure the front's log (is the vault's commit tip missing?)")


def measure(root, base, head, large, rounds, without):
    work = tempfile.mkdtemp(prefix="alog-ab-", dir=root)
    env = dict(os.environ, XDG_CONFIG_HOME=f"{work}/config", TIMEWARRIORDB=f"{work}/timew", TZ="UTC",
               GIT_AUTHOR_NAME="b", GIT_AUTHOR_EMAIL="b@example.com", GIT_COMMITTER_NAME="b",
               GIT_COMMITTER_EMAIL="b@example.com")
    env.pop("ALOG_FULL", None)
    os.makedirs(f"{work}/timew/data")
    open(f"{work}/timew/timewarrior.cfg", "w").close()
    subprocess.run(["git", "init", "-q", f"{work}/git"], check=True)
    sizes = ["small"] + (["large"] if large else [])
    commands = []
    for size in sizes:
        for side, folder in (("base", base), ("head", head)):
            vault = f"{work}/{side}-{size}"
            prepare(side, folder, vault, env, large if size == "large" else None,
                    without if side == "head" else [])
            commands.append((f"{side} {size}", [f"{folder}/alog", "log", "meal", "--vault", vault], None))
    timew = shutil.which("timew")
    if timew:
        commands.append(("timew start", [timew, "start", "foo"], [timew, "cancel"]))
    commands.append(("git commit --allow-empty",
                     ["/usr/bin/git", "-C", f"{work}/git", "commit", "--allow-empty", "-m", "x", "-q"], None))
    # Whatever the copies and warm-up wrote goes to the disk before the first timed round.
    os.sync()
    samples = {name: [] for name, *_ in commands}
    for r in range(rounds + 3):
        for name, argv, after in commands:
            result = spawn(argv, env, work)
            if after:
                spawn(after, env, work)
            if r >= 3:
                samples[name].append(result)
    kind = subprocess.run(["stat", "-f", "-c", "%T", work], capture_output=True, text=True).stdout.strip()
    shutil.rmtree(work)
    print(f"\n## {root} ({kind}), {rounds} rounds: median wall ms (p25-p75), median CPU ms")
    for name, *_ in commands:
        wall = [s[0] for s in samples[name]]
        q = statistics.quantiles(wall, n=4)
        cpu = statistics.median(s[2] for s in samples[name])
        print(f"  {name:28} {statistics.median(wall):7.2f}  ({q[0]:.2f}-{q[2]:.2f})  {cpu:6.2f}")

    def ratio(a, b, field=0):
        return statistics.median(x[field] / max(y[field], 1e-3) for x, y in zip(samples[a], samples[b]))

    # CPU time (user and system, from wait4) is the steadier figure on a busy machine: time
    # spent waiting for a core does not count.
    for size in sizes:
        print(f"  head/base {size:7} wall {ratio(f'head {size}', f'base {size}'):.3f}, "
              f"CPU {ratio(f'head {size}', f'base {size}', 2):.3f}")
    for side in ("base", "head"):
        line = f"  {side}: small/git commit {ratio(f'{side} small', 'git commit --allow-empty'):.2f}"
        if timew:
            line += f", small/timew start {ratio(f'{side} small', 'timew start'):.2f}"
        if large:
            line += f", large/small {ratio(f'{side} large', f'{side} small'):.2f}"
        print(line)
    sys.stdout.flush()


def journaled_ext4(root):
    """Mounts a new ext4 with a journal (this process is in its own mount namespace)."""
    image, mount = f"{root}/ab-log-ext4.img", f"{root}/ab-log-ext4"
    os.makedirs(mount, exist_ok=True)
    subprocess.run(["truncate", "-s", "3G", image], check=True)
    subprocess.run(["mkfs.ext4", "-q", "-F", image], check=True)
    subprocess.run(["mount", "-o", "loop", image, mount], check=True)
    device = subprocess.run(["findmnt", "-n", "-o", "SOURCE", mount], capture_output=True, text=True).stdout
    journals = os.listdir("/proc/fs/jbd2")
    if not any(os.path.basename(device.strip()) in name for name in journals):
        sys.exit(f"ab-log: {device.strip()} has no journal in /proc/fs/jbd2 ({journals})")
    return image, mount


def main():
    args = sys.argv[1:]
    rounds, large, roots, ext4, without = 31, None, [], False, []
    while args and args[0].startswith("--"):
        option = args.pop(0)
        if option == "--rounds":
            rounds = int(args.pop(0))
        elif option == "--large":
            large = os.path.abspath(args.pop(0))
        elif option == "--fs":
            roots.append(os.path.abspath(args.pop(0)))
        elif option == "--head-without":
            without.append(args.pop(0))
        elif option == "--ext4-journal":
            ext4 = True
        else:
            sys.exit(f"ab-log: unknown option {option}\n{__doc__}")
    if len(args) != 2:
        sys.exit(__doc__)
    base, head = (os.path.abspath(a) for a in args)
    roots = roots or [tempfile.gettempdir()]
    if ext4 and os.environ.get("AB_LOG_NAMESPACE") != "1":
        # Again in a private mount namespace: the loop mount is seen by nobody else and goes
        # away with the process.
        env = dict(os.environ, AB_LOG_NAMESPACE="1")
        os.execvpe("unshare", ["unshare", "-m", sys.executable, os.path.abspath(__file__)] + sys.argv[1:], env)
    image = None
    if ext4:
        image, mount = journaled_ext4(roots[0])
        roots.append(mount)
    try:
        for root in roots:
            measure(root, base, head, large, rounds, without)
    finally:
        if image:
            subprocess.run(["umount", mount])
            os.remove(image)
            os.rmdir(mount)


if __name__ == "__main__":
    main()
