// Crash safety: a child writing ledger rows is killed with SIGKILL at random
// moments, many times. Every id it reported after a commit must survive, and
// the file must pass integrity_check. Seeded so a failure can be replayed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/core/db/connection';
import { prng } from './support/prng';
import { tempDir } from './support/temp-app';

const SEED = Number(process.env.CRASH_SEED ?? 7);
const ROUNDS = 25;
const tmp = tempDir('pai-crash-');
const WRITER = join(tmp.dir, 'crash-writer.cjs');
const DATA = join(tmp.dir, 'data');
afterAll(() => tmp.cleanup());

// Bundled once, so each of the many child starts is plain `node` (a tsx start
// costs seconds on a loaded machine). Native modules stay external.
beforeAll(async () => {
  await build({
    entryPoints: [join(__dirname, 'support', 'crash-writer.ts')],
    outfile: WRITER,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3', 'sqlite-vec'],
    logLevel: 'error',
  });
}, 60_000);

interface Round {
  ids: number[];
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the writer and kills it `delayMs` after it is ready (or, if `early`, after spawn). */
function round(delayMs: number, early: boolean): Promise<Round> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, DATA], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_PATH: join(__dirname, '..', 'node_modules') },
    });
    let out = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    const kill = () => child.kill('SIGKILL');
    if (early) timer = setTimeout(kill, delayMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!early && timer === undefined && (out + chunk).includes('ready\n'))
        timer = setTimeout(kill, delayMs);
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    // A writer that dies on its own (an error) must not leave the test hanging.
    const guard = setTimeout(kill, 20_000);
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(guard);
      clearTimeout(timer);
      // Only complete lines count: a torn last line was never reported.
      const lines = out.split('\n').slice(0, -1);
      const ids = lines.filter((l) => /^\d+$/.test(l)).map(Number);
      resolve({ ids, signal, stderr });
    });
  });
}

describe('crash safety', () => {
  it(`keeps every committed row across ${ROUNDS} SIGKILLs (seed ${SEED})`, async () => {
    const rng = prng(SEED);
    const reported: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Mostly mid-write; every fifth round during start-up (open, migrations).
      const early = i % 5 === 0;
      const r = await round(early ? rng.int(0, 300) : rng.int(0, 250), early);
      expect(r.signal, `round ${i} ended by itself: ${r.stderr}`).toBe('SIGKILL');
      reported.push(...r.ids);
    }
    expect(reported.length).toBeGreaterThan(ROUNDS);

    const db = openDatabase(join(DATA, 'pai.db'), { vec: false });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const present = new Set(
        (db.prepare('SELECT id FROM ledgers').all() as { id: number }[]).map((r) => r.id),
      );
      const missing = reported.filter((id) => !present.has(id));
      expect(missing).toEqual([]);
      // Ids are unique across rounds: nothing was handed out twice.
      expect(new Set(reported).size).toBe(reported.length);
      // Each row was audited in the same transaction as its insert.
      const audited = db
        .prepare(
          "SELECT COUNT(DISTINCT entity_id) AS n FROM audit_log WHERE entity = 'ledger' AND action = 'insert'",
        )
        .get() as {
        n: number;
      };
      expect(audited.n).toBe(present.size);
      // The trigger-kept day and month totals agree with the rows.
      const monthTotals = db
        .prepare(
          'SELECT COALESCE(SUM(minor), 0) AS m, COALESCE(SUM(n), 0) AS n FROM ledger_month_totals',
        )
        .get();
      expect(monthTotals).toEqual(
        db.prepare('SELECT COALESCE(SUM(amount_minor), 0) AS m, COUNT(*) AS n FROM ledgers').get(),
      );
      const totals = (sql: string) => db.prepare(sql).all();
      expect(
        totals(
          'SELECT user_id, currency, category, day, minor, n FROM ledger_day_totals ORDER BY 1, 2, 3, 4',
        ),
      ).toEqual(
        totals(
          'SELECT user_id, currency, category, transaction_at / 86400000 AS day, SUM(amount_minor) AS minor, COUNT(*) AS n FROM ledgers GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4',
        ),
      );
    } finally {
      db.close();
    }
  }, 120_000);
});
