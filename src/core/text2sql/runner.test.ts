import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ReadOnlyRunner } from './runner';

const alive = (pid: number | undefined) => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('ReadOnlyRunner', () => {
  let dir: string;
  let file: string;
  let runner: ReadOnlyRunner;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pai-runner-'));
    file = join(dir, 'x.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3);');
    db.close();
    runner = new ReadOnlyRunner(file, { timeoutMs: 800, maxRows: 2 });
  });
  afterAll(() => {
    runner.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops a recursive-CTE bomb at the time cap and kills the process running it', async () => {
    await runner.run('SELECT 1');
    const pid = runner.pid;
    expect(alive(pid)).toBe(true);
    const started = Date.now();
    await expect(
      runner.run(
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c',
      ),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 200));
    expect(alive(pid)).toBe(false); // the runaway query is really gone, not just abandoned
    // The next query gets a fresh process and works.
    expect((await runner.run('SELECT COUNT(*) AS n FROM t')).rows).toEqual([[3]]);
    expect(runner.pid).not.toBe(pid);
  });

  it('caps the rows and says so', async () => {
    const r = await runner.run('SELECT x FROM t ORDER BY x');
    expect(r).toEqual({ columns: ['x'], rows: [[1], [2]], truncated: true });
  });

  it('cannot write, even when handed a write statement directly', async () => {
    await expect(runner.run('DELETE FROM t')).rejects.toThrow(/read-only|readonly/i);
    await expect(runner.run("ATTACH DATABASE ':memory:' AS m2")).rejects.toThrow();
    await expect(runner.run('CREATE TABLE y (a)')).rejects.toThrow();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 3 });
    db.close();
  });
});
