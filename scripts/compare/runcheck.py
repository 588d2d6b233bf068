import json,sys,glob
base=sys.argv[1]
n=same=0; bad=[]
for cmdf in glob.glob(base+'/old/**/*.cmd', recursive=True):
    cmd=open(cmdf).read()
    if not cmd.startswith('run'): continue
    o=cmdf[:-4]; nw=o.replace('/old/','/new/')
    a_t=open(o+'.out.n').read(); b_t=open(nw+'.out.n').read()
    if a_t==b_t and open(o+'.err.n').read()==open(nw+'.err.n').read() and open(o+'.code').read()==open(nw+'.code').read():
        continue
    n+=1
    a=json.loads(a_t); b=json.loads(b_t)
    if isinstance(a,dict) and 'plan' in a: a.pop('plan'); b.pop('plan')
    if a==b and open(o+'.code').read()==open(nw+'.code').read(): same+=1
    else: bad.append(o)
print(f"run --json pairs that differ in bytes: {n}; equal as JSON values (member order aside; Gemini's embedded plan aside): {same}; not: {len(bad)}")
for b in bad: print(b)
