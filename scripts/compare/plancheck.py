import json,sys,os,glob
base=sys.argv[1]
n=same=0; bad=[]
for cmdf in glob.glob(base+'/old/**/*.cmd', recursive=True):
    cmd=open(cmdf).read()
    if not (cmd.startswith('plan') and '--json' in cmd): continue
    o=cmdf[:-4]; nw=o.replace('/old/','/new/')
    n+=1
    try:
        a=json.load(open(o+'.out')); b=json.load(open(nw+'.out'))
    except Exception as e:
        if open(o+'.out').read()==open(nw+'.out').read() and open(o+'.code').read()==open(nw+'.code').read(): same+=1; continue
        bad.append((o,'parse',str(e))); continue
    ids=lambda d,k: [h.get('id') for h in (d.get(k) or [])]
    cmds=lambda d: [h.get('command') for h in (d.get('hooks') or [])]
    ok = ids(a,'hooks')==ids(b,'hooks') and (('skipped' not in a) or ids(a,'skipped')==ids(b,'skipped')) and a.get('event')==b.get('event') and a.get('sequential')==b.get('sequential')
    if any('command' in h for h in (a.get('hooks') or [])) and cmds(a)!=cmds(b): ok=False
    notes=lambda d: [h.get('note') or '' for h in (d.get('hooks') or [])]
    if notes(a)!=notes(b): ok=False
    reasons=lambda d: [h.get('reason') or '' for h in (d.get('skipped') or [])]
    if 'skipped' in a and reasons(a)!=reasons(b): ok=False
    if open(o+'.code').read()!=open(nw+'.code').read() or open(o+'.err').read()!=open(nw+'.err').read(): ok=False
    if ok: same+=1
    else: bad.append((o,'differs',''))
print(f"plan --json pairs: {n}; same event, sequential, planned IDs, skipped IDs, commands, notes, reasons, exit and stderr: {same}; not: {len(bad)}")
for b in bad[:20]: print(b)
