// Measures Gemini CLI 0.61's own HookRunner on the workloads of
// scripts/benchrunner: one `true` hook, one JSON-printing hook, 50 `true`
// hooks in parallel. Prints the median milliseconds per operation as JSON.
//
//   node scripts/bench-reference.mjs ORACLE_DIR [N] [ROUNDS]
//
// ORACLE_DIR is the folder ../shared/conformance/oracle/setup.sh prints.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const [dir, nArg, roundsArg] = process.argv.slice(2);
if (!dir) {
  process.stderr.write('usage: bench-reference.mjs ORACLE_DIR [N] [ROUNDS]\n');
  process.exit(2);
}
for (const m of ['log', 'info', 'debug', 'warn', 'error']) console[m] = () => {};
const mod = path.join(dir, 'node_modules/@google/gemini-cli-core/dist/src/hooks/hookRunner.js');
const { HookRunner } = await import(mod);
const n = Number(nArg || 40);
const rounds = Number(roundsArg || 7);
const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'hwbench-ref-'));
const config = {
  isTrustedFolder: () => true,
  sanitizationConfig: { allowedEnvironmentVariables: [], blockedEnvironmentVariables: [], enableEnvironmentVariableRedaction: false },
  storage: { getPlansDir: () => '/tmp/plans' },
};
const runner = new HookRunner(config);
const input = {
  session_id: '11111111-2222-4333-8444-555555555555', transcript_path: cwd + '/t.json', cwd,
  hook_event_name: 'BeforeTool', timestamp: new Date().toISOString(),
  tool_name: 'read_file', tool_input: { file_path: 'notes.txt' },
};
const hooks = (count, command) =>
  Array.from({ length: count }, (_, i) => ({ type: 'command', name: 'h' + i, command, source: 'project' }));
const check = (results) => {
  for (const r of results) if (!r.success) throw new Error('hook failed: ' + (r.error?.message ?? r.exitCode));
};
const loads = [
  ['ref_true', n, hooks(1, 'true')],
  ['ref_json', n, hooks(1, `echo '{"decision":"allow","systemMessage":"ok"}'`)],
  ['ref_true_x50', Math.max(Math.floor(n / 10), 2), hooks(50, 'true')],
];
const samples = {};
for (let r = 0; r < rounds; r++) {
  for (const [name, ops, hs] of loads) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < ops; i++) check(await runner.executeHooksParallel(hs, 'BeforeTool', input));
    (samples[name] ??= []).push(Number(process.hrtime.bigint() - start) / 1e6 / ops);
  }
}
const out = {};
for (const [k, v] of Object.entries(samples)) out[k] = v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
fs.rmSync(cwd, { recursive: true, force: true });
process.stdout.write(JSON.stringify(out) + '\n');
process.exit(0);
