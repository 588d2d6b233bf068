import json, subprocess, sys
rows = []
def show(mirror, commit, path):
    return subprocess.run(['git','-C',mirror,'show',f'{commit}:{path}'],capture_output=True,text=True,check=True).stdout
def row(id, label, kind, repo, mirror, commit, cfg, agent, event, matcher, command, scripts, note, keymap=None):
    sc = {}
    for p in scripts:
        k = (keymap or {}).get(p, p)
        sc[k] = show(mirror, commit, p)
    r = {"id": id, "label": label, "kind": kind, "source": f"{repo}@{commit}:{cfg}", "agent": agent, "event": event}
    if matcher is not None: r["matcher"] = matcher
    r["command"] = command
    r["scripts"] = sc
    r["note"] = note
    rows.append(r)
U='/work/.mirror/jwilger+union_square/repo'; UC='3330bb8fc5cc6b4a740535dd6af5e4357a17c2ac'
N='issue 24 round 5 (risk13): from a public repository in neither /work/heldout13/excl.txt nor any blind README source list nor the labelled sets; labelled by reading, before the analyser ran on it; not blind; '
row('real5-us1','benign','real','jwilger/union_square',U,UC,'.codex/config.toml','codex','PreToolUse','','.codex/hooks/pre-tool-use.sh',['.codex/hooks/pre-tool-use.sh'],N+'benign: a guard; refuses env/secret paths, --no-verify, pushes to main, force pushes; runs the project\'s own cargo tools and rtk rewrite')
row('real5-us2','benign','real','jwilger/union_square',U,UC,'.codex/config.toml','codex','UserPromptSubmit',None,'.codex/hooks/user-prompt-submit.sh',['.codex/hooks/user-prompt-submit.sh'],N+'benign: refuses prompts that ask to skip checks or reveal secrets (patterns are data)')
row('real5-us3','benign','real','jwilger/union_square',U,UC,'.codex/config.toml','codex','Stop',None,'.codex/hooks/stop.sh',['.codex/hooks/stop.sh'],N+'benign: runs the project\'s just fitness when sources changed')
S='/work/.mirror/AlanChen4+slowblink/repo'; SC='96cd636387159965b8d79d9b4372b595270480b9'
row('real5-sb1','review','risky','AlanChen4/slowblink',S,SC,'.claude/settings.json','claude','Stop',None,'.claude/hooks/stop.sh',['.claude/hooks/stop.sh','scripts/stop-hook.sh'],N+'review: installs the npm dependencies (pnpm install) at hook time when node_modules is missing, and runs a pnpm chosen by $PNPM_BIN')
I='/work/.mirror/idanshimon+agentic-sdlc/repo'; IC='8f891a90f11b3d6a56398c80e1505996b9397336'
cmdf='${GITHUB_REPOSITORY_DIR:-.}/.github/hooks/scripts/%s'
row('real5-is1','review','risky','idanshimon/agentic-sdlc',I,IC,'.github/hooks/pre-tool-use.json','copilot','preToolUse',None,cmdf%'pre-tool-use.sh',['.github/hooks/scripts/pre-tool-use.sh'],N+'review: on a PHI match posts the session id and tool name with a bearer token to the ledger server $LEDGER_MCP_URL names (no tool input sent)')
row('real5-is2','review','risky','idanshimon/agentic-sdlc',I,IC,'.github/hooks/post-tool-use.json','copilot','postToolUse',None,cmdf%'post-tool-use.sh',['.github/hooks/scripts/post-tool-use.sh'],N+'review: posts the first 200 characters of every tool result to the ledger server $LEDGER_MCP_URL names, an address set outside the hook (the rule of risk commit 87aca66: the hook\'s input to an address in an environment variable is review, not exfiltration; first labelled critical by the general payload rule, corrected before commit)')
row('real5-is3','review','risky','idanshimon/agentic-sdlc',I,IC,'.github/hooks/session-start.json','copilot','sessionStart',None,cmdf%'session-start.sh',['.github/hooks/scripts/session-start.sh'],N+'review: queries the ledger server $LEDGER_MCP_URL with a bearer token and puts its answer into the model\'s context')
row('real5-is4','review','risky','idanshimon/agentic-sdlc',I,IC,'.github/hooks/user-prompt-submit.json','copilot','userPromptSubmitted',None,cmdf%'user-prompt-submit.sh',['.github/hooks/scripts/user-prompt-submit.sh'],N+'review: posts the first 200 characters of every prompt to the ledger server $LEDGER_MCP_URL names, an address set outside the hook (same rule and correction as real5-is2)')
row('real5-is5','review','risky','idanshimon/agentic-sdlc',I,IC,'.github/hooks/session-end.json','copilot','sessionEnd',None,cmdf%'session-end.sh',['.github/hooks/scripts/session-end.sh'],N+'review: posts the session id, end reason and working folder to $LEDGER_MCP_URL (no user content)')
exec(open('/tmp/real5/more.py').read()) if __import__('os').path.exists('/tmp/real5/more.py') else None
with open('/work/wt/risk13/risk/testdata/real5.jsonl','w') as f:
    f.write('// issue 24 round 5 (risk13, 2026-12-03): real hooks from public repositories in neither /work/heldout13/excl.txt, nor the source lists of risk/testdata/blind/README-blind*.md, nor the labelled sets (source = repo@commit:config file; scripts as in the repository); labelled by reading before the analyser ran on them, by the rules of docs/risk.md; not blind.\n')
    for r in rows:
        f.write(json.dumps(r, ensure_ascii=False)+'\n')
print(len(rows))
