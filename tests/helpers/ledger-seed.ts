import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { createApp, type PaiApp } from '../../src/core/app';

export const ZONE = 'Asia/Shanghai';
/** Wednesday 2026-04-15 10:00 local: last week is 04-06..04-12, this month April. */
export const NOW_LOCAL = '2026-04-15T10:00:00';

export interface SeedRow {
  user: number;
  at: string; // local wall time
  category: string;
  item: string;
  amount: number;
}

/** A fixed ledger for two people; expected answers are computed from this list, not hard-coded. */
export const SEED: SeedRow[] = [
  // February
  { user: 1, at: '2026-02-03 12:10', category: '餐饮', item: '午饭', amount: 28 },
  { user: 1, at: '2026-02-14 19:30', category: '娱乐', item: '电影', amount: 90 },
  { user: 1, at: '2026-02-20 08:40', category: '交通', item: '地铁', amount: 4 },
  // March
  { user: 1, at: '2026-03-01 09:05', category: '餐饮', item: '瑞幸咖啡', amount: 18.5 },
  { user: 1, at: '2026-03-02 12:30', category: '餐饮', item: '午饭', amount: 32 },
  { user: 1, at: '2026-03-05 18:45', category: '交通', item: '打车', amount: 46.8 },
  { user: 1, at: '2026-03-09 07:55', category: '交通', item: '地铁', amount: 5 },
  { user: 1, at: '2026-03-12 20:10', category: '购物', item: '耳机', amount: 399 },
  { user: 1, at: '2026-03-15 12:00', category: '餐饮', item: '午饭', amount: 35.5 },
  { user: 1, at: '2026-03-18 23:40', category: '餐饮', item: '夜宵', amount: 42 },
  { user: 1, at: '2026-03-25 10:00', category: '居住', item: '房租', amount: 3200 },
  { user: 1, at: '2026-03-28 15:20', category: '购物', item: '书', amount: 68.9 },
  { user: 1, at: '2026-03-31 23:59', category: '餐饮', item: '瑞幸咖啡', amount: 16 },
  // April (this month)
  { user: 1, at: '2026-04-01 00:01', category: '餐饮', item: '便利店', amount: 12.3 },
  { user: 1, at: '2026-04-02 12:15', category: '餐饮', item: '午饭', amount: 30 },
  { user: 1, at: '2026-04-03 08:30', category: '交通', item: '地铁', amount: 4 },
  { user: 1, at: '2026-04-05 23:30', category: '交通', item: '打车', amount: 38 }, // Sunday before last week
  { user: 1, at: '2026-04-06 08:20', category: '交通', item: '地铁', amount: 5 }, // last week
  { user: 1, at: '2026-04-08 19:05', category: '交通', item: '打车', amount: 27.6 }, // last week
  { user: 1, at: '2026-04-09 12:40', category: '餐饮', item: '瑞幸咖啡', amount: 19 },
  { user: 1, at: '2026-04-10 13:00', category: '餐饮', item: '午饭', amount: 33 },
  { user: 1, at: '2026-04-12 23:59', category: '交通', item: '高铁', amount: 153.5 }, // last week, last minute
  { user: 1, at: '2026-04-13 00:10', category: '交通', item: '打车', amount: 22 }, // this week (UTC: still 04-12)
  { user: 1, at: '2026-04-14 12:20', category: '餐饮', item: '午饭', amount: 29 },
  { user: 1, at: '2026-04-14 21:00', category: '购物', item: '日用品', amount: 56.7 },
  { user: 1, at: '2026-04-15 08:00', category: '餐饮', item: '瑞幸咖啡', amount: 18 },
  // Someone else's rows in the same file: never visible, never changed.
  { user: 2, at: '2026-04-07 09:00', category: '交通', item: '打车', amount: 88 },
  { user: 2, at: '2026-04-10 12:00', category: '餐饮', item: '午饭', amount: 999 },
  { user: 2, at: '2026-03-10 12:00', category: '购物', item: '秘密', amount: 5000 },
];

export const own = (): SeedRow[] => SEED.filter((r) => r.user === 1);
export const localMs = (at: string): number => DateTime.fromSQL(at, { zone: ZONE }).toMillis();

export interface Seeded {
  app: PaiApp;
  dir: string;
  /** Ledger ids in SEED order. */
  ids: number[];
  cleanup(): Promise<void>;
}

export function seededApp(opts: { now?: string } = {}): Seeded {
  const dir = mkdtempSync(join(tmpdir(), 'pai-t2s-'));
  let now = DateTime.fromISO(opts.now ?? NOW_LOCAL, { zone: ZONE }).toMillis();
  const app = createApp({ dataDir: dir, timeZone: ZONE, clock: { now: () => now++ } });
  app.ctx.db.prepare("INSERT OR IGNORE INTO users (id, nickname) VALUES (2, 'other')").run();
  const ids = SEED.map(
    (r) =>
      app.services.ledger.create(
        r.user,
        { amount: r.amount, category: r.category, item: r.item, transaction_date: r.at },
        { actor: 'system' },
      ).id,
  );
  return {
    app,
    dir,
    ids,
    async cleanup() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
