#!/usr/bin/env python3
"""`alog log meal` with day notes off and on, alternating, for one or more builds.

usage: scripts/notes-log-ab.py ROUNDS OFF_VAULT ON_VAULT LABEL=BINDIR [LABEL=BINDIR ...]

OFF_VAULT and ON_VAULT are the bench's two vaults (`alog-bench --notes-only --out DIR`:
DIR/vault-100000 and DIR/vault-100000-notes). Each build logs on fresh copies of them (under
/tmp/notes-log-ab), three warm-up runs each, then ROUNDS rounds of every build off then on.
Prints wall and CPU (user + system) medians and the on/off ratio per build."""
import os, shutil, statistics, subprocess, sys, time

rounds = int(sys.argv[1])
pristine = {'off': sys.argv[2], 'on': sys.argv[3]}
builds = [a.split('=', 1) for a in sys.argv[4:]]
work = '/tmp/notes-log-ab'
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
cases = []
for label, bindir in builds:
    for mode in ('off', 'on'):
        vault = f'{work}/{label}-{mode}'
        subprocess.run(['cp', '-a', pristine[mode], vault], check=True)
        cases.append((label, mode, [bindir + '/alog', 'log', 'meal', '--vault', vault]))
devnull = os.open('/dev/null', os.O_RDWR)


def run(argv):
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status, usage = os.wait4(pid, 0)
    assert status == 0, (argv, status)
    return (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000


for case in cases:
    for _ in range(3):
        run(case[2])
results = {(label, mode): ([], []) for label, mode, _ in cases}
for _ in range(rounds):
    for label, mode, argv in cases:
        wall, cpu = run(argv)
        results[(label, mode)][0].append(wall)
        results[(label, mode)][1].append(cpu)
median = statistics.median
for label, _ in builds:
    off, on = results[(label, 'off')], results[(label, 'on')]
    wall = median([b / a for a, b in zip(off[0], on[0])])
    cpu = median([b / a for a, b in zip(off[1], on[1])])
    print(f'{label}: off {median(off[0]):.2f} ms (CPU {median(off[1]):.2f}), on {median(on[0]):.2f} ms '
          f'(CPU {median(on[1]):.2f}); on/off wall {wall:.2f}x, CPU {cpu:.2f}x')
