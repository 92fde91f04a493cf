// `npm run bench [-- --only <suite>]`: runs each suite of bench/<name>.ts in
// order, prints a table and writes bench/results/latest.json. Benchmarks are
// figures with goals, never timed tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isFigure } from './figure';

export type Suite = { run(): Promise<Record<string, unknown>> };

// One line per suite, run in this order.
const SUITES: Record<string, () => Promise<Suite>> = {
  ledger: () => import('./ledger'),
  reminders: () => import('./reminders'),
  ocr: () => import('./ocr'),
  memory: () => import('./memory'),
  agent: () => import('./agent'),
  mcp: () => import('./mcp'),
};

const HERE = dirname(fileURLToPath(import.meta.url));
const RESULTS = join(HERE, 'results', 'latest.json');

interface Results {
  updated_at: string;
  machine: { node: string; platform: string; cpus: number; cpu_model: string; loadavg_1m: number };
  suites: Record<string, { ran_at: string; figures: Record<string, unknown> }>;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { only: { type: 'string', multiple: true }, suite: { type: 'string' } },
    strict: true,
  });
  if (values.suite) return runSuiteForParent(values.suite);
  const only = values.only ?? [];
  // With more than one suite, each runs in a fresh process: one suite's heap
  // (100k vectors, OCR workers) must not weigh on the next one's timings.
  const isolated = Object.keys(SUITES).filter((n) => !only.length || only.includes(n)).length > 1;
  const unknown = only.filter((n) => !Object.hasOwn(SUITES, n));
  if (unknown.length) {
    console.error(
      `unknown suite(s): ${unknown.join(', ')}; known: ${Object.keys(SUITES).join(', ')}`,
    );
    return 2;
  }
  // Keep earlier figures of suites not run this time (--only).
  const previous: Results | null = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Results)
    : null;
  const results: Results = {
    updated_at: new Date().toISOString(),
    machine: {
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? '',
      loadavg_1m: Number(loadavg()[0]!.toFixed(2)),
    },
    suites: { ...(previous?.suites ?? {}) },
  };
  let failed = 0;
  for (const [name, load] of Object.entries(SUITES)) {
    if (only.length && !only.includes(name)) continue;
    console.error(`[bench] ${name}…`);
    const figures = isolated ? await runInChild(name) : await (await load()).run();
    results.suites[name] = { ran_at: new Date().toISOString(), figures };
    failed += printTable(name, figures);
  }
  mkdirSync(join(HERE, 'results'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${RESULTS}${failed ? ` — ${failed} goal(s) missed` : ' — all goals met'}`);
  return 0;
}

/** Child mode: runs one suite and hands its figures to the parent on stdout's last line. */
async function runSuiteForParent(name: string): Promise<number> {
  const load = SUITES[name];
  if (!load) return 2;
  const figures = await (await load()).run();
  process.stdout.write(`\n${CHILD_MARK}${JSON.stringify(figures)}\n`);
  return 0;
}

const CHILD_MARK = '@@bench-figures@@';

function runInChild(name: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), '--suite', name],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(CHILD_MARK));
      if (code !== 0 || !line) return reject(new Error(`suite ${name} exited with ${code}`));
      resolve(JSON.parse(line.slice(CHILD_MARK.length)) as Record<string, unknown>);
    });
  });
}

function printTable(suite: string, figures: Record<string, unknown>): number {
  const rows = Object.entries(figures).map(([k, v]) =>
    isFigure(v)
      ? [
          k,
          `${v.value} ${v.unit}`,
          v.goal ?? '',
          v.pass === undefined ? '' : v.pass ? 'pass' : 'FAIL',
        ]
      : [k, JSON.stringify(v), '', ''],
  );
  const head = ['figure', 'value', 'goal', ''];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(w[i]!)).join('  ');
  console.log(`\n== ${suite}\n${line(head)}\n${w.map((n) => '-'.repeat(n)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  return rows.filter((r) => r[3] === 'FAIL').length;
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  },
);
