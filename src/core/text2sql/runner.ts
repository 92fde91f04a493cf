import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PaiError } from '../../shared/errors';

/**
 * Read-only query runner in a child process.
 *
 * better-sqlite3 has no interrupt or progress handler, and a worker thread
 * cannot be stopped while SQLite loops in native code (terminate() waits for
 * it forever), so a runaway query is stopped by killing the process that
 * runs it. The child opens its own connection with readonly=true and
 * PRAGMA query_only, caps SQLite's heap, and returns at most maxRows rows.
 */
const CHILD_SOURCE = `
const Database = require(process.env.PAI_SQLITE_MODULE);
const conns = new Map();
function open(file) {
  let db = conns.get(file);
  if (!db) {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 2000 });
    db.pragma('query_only = ON');
    try { db.pragma('hard_heap_limit = 268435456'); } catch (e) { /* older SQLite */ }
    conns.set(file, db);
  }
  return db;
}
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => {
  try {
    const db = open(m.file);
    if (m.explain) {
      // SQLite's own plan: which b-trees it opens and which functions it calls.
      const ops = db.prepare('EXPLAIN ' + m.sql).all()
        .filter((r) => /^(Open|V[A-Z]|Function|PureFunc|Agg|Transaction|ParseSchema|SqlExec|Vacuum|IncrVacuum|Destroy|Clear|CreateBtree|Expire)/.test(r.opcode))
        .map((r) => ({ opcode: r.opcode, p1: r.p1, p2: r.p2, p3: r.p3, p4: r.p4 == null ? null : String(r.p4) }));
      const roots = db.prepare("SELECT rootpage FROM main.sqlite_schema WHERE tbl_name = ?").all(m.table).map((r) => r.rootpage);
      process.send({ id: m.id, ok: true, ops, roots });
      return;
    }
    const stmt = db.prepare(m.sql);
    if (!stmt.reader || !stmt.readonly) throw new Error('only read-only queries run here');
    const columns = stmt.columns().map((c) => c.name);
    const rows = [];
    let truncated = false;
    for (const r of stmt.raw(true).iterate()) {
      if (rows.length >= m.maxRows) { truncated = true; break; }
      rows.push(r.map((x) => (typeof x === 'bigint' ? Number(x) : Buffer.isBuffer(x) ? '<blob>' : x)));
    }
    process.send({ id: m.id, ok: true, columns, rows, truncated });
  } catch (e) {
    process.send({ id: m.id, ok: false, error: String((e && e.message) || e) });
  }
});
process.send({ ready: true });
`;

export interface QueryResult {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
}

export interface PlanOp {
  opcode: string;
  p1: number;
  p2: number;
  p3: number;
  p4: string | null;
}

interface Reply {
  ops?: PlanOp[];
  roots?: number[];
  id?: number;
  ready?: boolean;
  ok?: boolean;
  columns?: string[];
  rows?: unknown[][];
  truncated?: boolean;
  error?: string;
}

export interface RunnerOptions {
  timeoutMs?: number;
  maxRows?: number;
}

export class ReadOnlyRunner {
  private child: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: Reply) => void; reject: (e: Error) => void }
  >();
  private queue: Promise<unknown> = Promise.resolve();
  readonly timeoutMs: number;
  readonly maxRows: number;

  constructor(
    private readonly file: string,
    opts: RunnerOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? 3000;
    this.maxRows = opts.maxRows ?? 500;
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const modulePath = createRequire(import.meta.url ?? join(process.cwd(), 'index.js')).resolve(
      'better-sqlite3',
    );
    const child = spawn(process.execPath, ['-e', CHILD_SOURCE], {
      // In Electron, execPath is the app binary: ELECTRON_RUN_AS_NODE makes it plain Node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', PAI_SQLITE_MODULE: modulePath },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      windowsHide: true,
    });
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (m: Reply) => {
        if (m.ready) return resolve();
        const p = m.id !== undefined ? this.pending.get(m.id) : undefined;
        if (p && m.id !== undefined) {
          this.pending.delete(m.id);
          p.resolve(m);
        }
      });
      child.on('exit', (code, signal) => {
        const err = new PaiError(
          'INTERNAL',
          `query process ended (${signal ?? code})${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`,
        );
        reject(err);
        for (const p of this.pending.values()) p.reject(err);
        this.pending.clear();
        if (this.child === child) {
          this.child = null;
          this.ready = null;
        }
      });
    });
    child.unref();
    (child.channel as { unref?: () => void } | undefined)?.unref?.();
    return this.ready;
  }

  /** Runs one statement on the read-only connection; one at a time, each with the time cap. */
  run(sql: string, maxRows = this.maxRows): Promise<QueryResult> {
    const job = this.queue.then(async () => {
      const r = await this.request({ sql, maxRows });
      return { columns: r.columns ?? [], rows: r.rows ?? [], truncated: r.truncated ?? false };
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** SQLite's plan for a statement (EXPLAIN, nothing executed) and the root pages of `table` and its indexes. */
  explain(sql: string, table: string): Promise<{ ops: PlanOp[]; roots: number[] }> {
    const job = this.queue.then(async () => {
      const r = await this.request({ sql, explain: true, table });
      return { ops: r.ops ?? [], roots: r.roots ?? [] };
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  private async request(msg: {
    sql: string;
    maxRows?: number;
    explain?: boolean;
    table?: string;
  }): Promise<Reply> {
    await withTimeout(this.start(), this.timeoutMs * 3, () => this.kill());
    const child = this.child;
    if (!child) throw new PaiError('INTERNAL', 'query process is not running');
    const id = this.nextId++;
    const reply = await new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.kill();
        reject(
          new PaiError(
            'TIMEOUT',
            `查询超过 ${this.timeoutMs} ms 被终止 (query stopped after ${this.timeoutMs} ms)`,
          ),
        );
      }, this.timeoutMs);
      this.pending.set(id, {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      child.send({ id, file: this.file, ...msg });
    });
    if (!reply.ok)
      throw new PaiError('VALIDATION_FAILED', `SQLite: ${reply.error ?? 'query failed'}`);
    return reply;
  }

  /** True while a query process is alive (tests check a timed-out one is gone). */
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  kill(): void {
    const c = this.child;
    this.child = null;
    this.ready = null;
    if (c && c.exitCode === null) c.kill('SIGKILL');
  }

  close(): void {
    this.kill();
  }
}

async function withTimeout<T>(p: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          onTimeout();
          reject(new PaiError('TIMEOUT', 'query process did not start in time'));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
