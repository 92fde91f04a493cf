// `npm run bench [-- --only <suite>]`: runs each suite of bench/<name>.ts in
// order, prints a table and writes bench/results/latest.json. Benchmarks are
// figures with goals, never timed tests.
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
    options: { only: { type: 'string', multiple: true } },
    strict: true,
  });
  const only = values.only ?? [];
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
    const figures = await (await load()).run();
    results.suites[name] = { ran_at: new Date().toISOString(), figures };
    failed += printTable(name, figures);
  }
  mkdirSync(join(HERE, 'results'), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${RESULTS}${failed ? ` — ${failed} goal(s) missed` : ' — all goals met'}`);
  return 0;
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
