# runcheck.py OUT: compares the run --json documents of compare.sh by
# meaning: the verdict (effect, headline, details), each hook's run in
# order (exit code where there is one, stdout, stderr), how many hooks were
# held back, the notes where both sides give them, the exit code and
# stderr. It reads each side in its own layout: the kit's RunDocument
# (agent, hooks, held), Gemini CLI's former document (results, aggregated,
# skipped), Claude Code's (outcome), Codex CLI's (its raw outcome).
import json,sys,glob
base=sys.argv[1]

def meaning(d):
    if not isinstance(d,dict): return ('other',d)
    v=None; runs=[]; held=None; notes=None
    if 'outcome' in d:  # Claude Code's former document
        o=d['outcome']
        if o.get('results'):
            dec=o.get('decision') or {}
            v=(dec.get('effect'),dec.get('headline'),dec.get('details') or [])
        for r in o.get('results') or []:
            runs.append((r.get('exitCode') if r.get('hasExitCode') else None, r.get('stdout',''), r.get('stderr','')))
        held=len(d.get('skipped') or [])
    elif 'results' in d and 'aggregated' in d:  # Gemini CLI's former document
        if d.get('verdict'):
            vv=d['verdict']; v=(vv.get('effect'),vv.get('headline'),vv.get('details') or [])
        for r in d.get('results') or []:
            runs.append((r.get('exit_code'), r.get('stdout') or '', r.get('stderr') or ''))
        held=len(d.get('skipped') or []); notes=d.get('notes') or []
    elif 'results' in d and 'effect' in d:  # Codex CLI's former document
        # its raw outcome's verdict; when no hook ran, `run` said the
        # contract's verdict instead ("no hook runs; Codex goes ahead")
        if d.get('results'):
            vv=d.get('verdict') or {}; v=(vv.get('effect'),vv.get('headline'),vv.get('details') or [])
        for r in d.get('results') or []:
            runs.append((r.get('exitCode') if r.get('hasExitCode') else None, r.get('stdout',''), r.get('stderr','')))
    else:  # the kit's document
        vv=d.get('verdict') or {}; v=(vv.get('effect'),vv.get('headline'),vv.get('details') or [])
        for r in d.get('hooks') or []:
            runs.append((r.get('exit_code') if r.get('has_exit_code') else None, r.get('stdout',''), r.get('stderr','')))
        if 'held' in d: held=len(d['held'])
        if isinstance(d.get('agent'),dict): notes=d.get('notes') or []
    return v,runs,held,notes

n=same=0; bad=[]
for cmdf in glob.glob(base+'/old/**/*.cmd', recursive=True):
    cmd=open(cmdf).read()
    if not cmd.startswith('run'): continue
    o=cmdf[:-4]; nw=o.replace('/old/','/new/')
    n+=1
    if open(o+'.code').read()!=open(nw+'.code').read() or open(o+'.err.n').read()!=open(nw+'.err.n').read():
        bad.append((o,'exit code or stderr')); continue
    a_t=open(o+'.out.n').read(); b_t=open(nw+'.out.n').read()
    # the normalised epoch milliseconds (EPOCHMS) are no JSON value
    try: a=json.loads(a_t.replace('EPOCHMS','0')); b=json.loads(b_t.replace('EPOCHMS','0'))
    except Exception:
        if a_t==b_t: same+=1
        else: bad.append((o,'not JSON'))
        continue
    va,ra,ha,na=meaning(a); vb,rb,hb,nb=meaning(b)
    why=[]
    if va is not None and va!=vb: why.append('verdict %r != %r'%(va,vb))
    if ra!=rb: why.append('runs %r != %r'%(ra,rb))
    if ha is not None and ha!=hb: why.append('held %r != %r'%(ha,hb))
    if na is not None and nb is not None and na!=nb: why.append('notes')
    if why: bad.append((o,'; '.join(why)))
    else: same+=1
print(f"run --json commands: {n}; same verdict, hook runs (exit code, stdout, stderr), held count, notes, exit code and stderr: {same}; not: {len(bad)}")
for b in bad[:30]: print(b)
