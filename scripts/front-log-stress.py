#!/usr/bin/env python3
"""A random schedule of everyday logs against the git CLI as a witness (issue 26).

The front's own `log` (patched index, swapped ref, recycled index spare) and `alog-full`'s log
interleaved with what a person's git does to the same vault: `git status` and
`git update-index --refresh` rewriting the index, notes added and committed, days and months
moving on, notes long enough to roll a day file into its next part, pauses of 0 to 0.2 s (the
spare is only reused after 0.1 s). Every 15 steps and at the end: `git fsck --strict`, the
index equal to HEAD for `.alog/`, the number of entries `alog history` shows, no ref lock left;
after every front log, the index's trailer.

    scripts/front-log-stress.py [--bin .build/debug] [--seed N] [--steps 120]
"""
import argparse, hashlib, os, random, shutil, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", ".build", "debug"))
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--steps", type=int, default=120)
options = parser.parse_args()
B = os.path.abspath(options.bin)
seed, steps = options.seed, options.steps
rnd = random.Random(seed)
work = tempfile.mkdtemp(prefix="alog-stress-")
root = work + "/vault"
home = work + "/home"
os.makedirs(home)
env=dict(os.environ, HOME=home, XDG_CONFIG_HOME=home+'/.config', TZ='UTC', GIT_AUTHOR_NAME='U', GIT_AUTHOR_EMAIL='u@x', GIT_COMMITTER_NAME='U', GIT_COMMITTER_EMAIL='u@x')
now=1893499200
def run(args, binary='alog', extra={}):
    e=dict(env, ALOG_NOW=str(now)); e.update(extra)
    return subprocess.run([B+'/'+binary]+args+['--vault',root], env=e, capture_output=True, text=True)
def git(*a):
    return subprocess.run(['git','-C',root]+list(a), env=env, capture_output=True, text=True)
assert run(['init'],'alog-full').returncode==0
subprocess.run(['git','-C',root,'config','user.name','U']); subprocess.run(['git','-C',root,'config','user.email','u@x'])
expected=0
def trailer(tag):
    # git checks the index's trailer only in fsck (and `git status` may write a new index
    # first): after every log, the bytes themselves.
    b=open(root+'/.git/index','rb').read()
    assert hashlib.sha1(b[:-20]).digest()==b[-20:], (tag, 'index trailer')
def check(tag):
    f=git('fsck','--strict'); assert f.returncode==0, (tag, f.stderr)
    st=git('status','--porcelain').stdout
    assert '.alog' not in st, (tag, st)
    a=git('ls-files','-s','.alog').stdout.split('\n'); 
    t=git('ls-tree','-r','HEAD','.alog').stdout.split('\n')
    A=sorted((l.split()[1], l.split('\t')[1]) for l in a if l)
    T=sorted((l.split()[2], l.split('\t')[1]) for l in t if l)
    assert A==T, (tag, set(A)^set(T))
    h=run(['history','--json','--limit','100000'],'alog-full')
    n=h.stdout.count('"id"')
    assert n==expected, (tag, n, expected, h.stderr[:300])
    assert not os.path.exists(root+'/.git/refs/heads/main.lock'), tag
for i in range(steps):
    r=rnd.random()
    if r<0.45:
        time.sleep(rnd.choice([0,0,0.05,0.12,0.2]))
        note=['--note','x'*rnd.choice([1,500,1990])] if rnd.random()<0.3 else []
        p=run(['log',rnd.choice(['meal','wake','exercise'])]+note)
        assert p.returncode==0, p.stderr; expected+=1
        trailer(f'step {i}')
    elif r<0.6:
        p=run(['log','sleep'],'alog-full'); assert p.returncode==0, p.stderr; expected+=1
    elif r<0.7:
        git('status')
    elif r<0.78:
        fn=f'{root}/note{rnd.randint(0,5)}.md'
        open(fn,'a').write('line\n'); git('add','-A','--','*.md')
        if rnd.random()<0.5: git('commit','-qm','user note')
    elif r<0.83:
        git('update-index','--refresh')
    elif r<0.9:
        now+=rnd.choice([3600, 86400, 86400*3, 40*86400])
    else:
        p=run(['status'])
    if i%15==14: check(f'step {i}')
check('end')
print('seed', seed, 'ok:', expected, 'entries,', steps, 'steps')
shutil.rmtree(work)
