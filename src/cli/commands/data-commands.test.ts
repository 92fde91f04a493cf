import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../core/app';
import { COMMANDS } from './index';

interface Run {
  code: number;
  out: string;
  err: string;
}

async function pai(...args: string[]): Promise<Run> {
  const [name, ...rest] = args;
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    const code = await COMMANDS[name!]!.run(rest);
    return { code, out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

const items = async (dir: string) => {
  const app = createApp({ dataDir: dir, timeZone: 'Asia/Shanghai', background: false });
  try {
    return app.services.ledger
      .list(1, { order: 'asc' })
      .entries.map((x) => [x.item, x.amount, x.transaction_date]);
  } finally {
    await app.close();
  }
};

describe('pai quickadd / backup / export / import', () => {
  let dir: string;
  const saved = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'Asia/Shanghai';
    dir = mkdtempSync(join(tmpdir(), 'pai-cli-'));
  });
  afterEach(() => {
    process.env.TZ = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('quickadd --dry-run prints what it understood and saves nothing; without it, saves', async () => {
    const dry = await pai(
      'quickadd',
      '昨天打车 36.5',
      '--now',
      '2026-04-08T10:30:00+08:00',
      '--dry-run',
      '--data-dir',
      dir,
    );
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.out)).toEqual({
      kind: 'ledger',
      ledger: {
        amount: 36.5,
        category: '交通',
        item: '打车',
        transaction_date: '2026-04-07T12:00:00+08:00',
      },
    });
    expect(await items(dir)).toEqual([]);
    const real = await pai(
      'quickadd',
      '昨天打车 36.5',
      '--now',
      '2026-04-08T10:30:00+08:00',
      '--data-dir',
      dir,
    );
    expect(real.code).toBe(0);
    expect(real.err).toMatch(/saved ledger entry #1/);
    expect(await items(dir)).toEqual([['打车', 36.5, '2026-04-07T12:00:00+08:00']]);
  });

  it('quickadd says plainly what it could not do', async () => {
    const un = await pai('quickadd', '你好', '--data-dir', dir);
    expect(un.code).toBe(1);
    expect(JSON.parse(un.out)).toMatchObject({ kind: 'unparsed', suggestion: 'chat' });
    const rem = await pai(
      'quickadd',
      '明早9点提醒我交报告',
      '--now',
      '2026-04-08T10:30:00+08:00',
      '--data-dir',
      dir,
    );
    expect(JSON.parse(rem.out)).toEqual({
      kind: 'reminder',
      reminder: { content: '交报告', trigger_time: '2026-04-09T09:00:00+08:00', repeat: null },
    });
    // The reminder is booked through the schedule service.
    expect(rem.code).toBe(0);
    const usage = await pai('quickadd', '--data-dir', dir);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/usage: pai quickadd/);
  });

  it('export → import into an empty folder → export again gives the same data', async () => {
    await pai('quickadd', '咖啡 18', '--now', '2026-04-08T10:30:00+08:00', '--data-dir', dir);
    await pai('quickadd', 'lunch 12.5', '--now', '2026-04-08T12:30:00+08:00', '--data-dir', dir);
    const file = join(dir, 'all.json');
    const ex = await pai('export', '--out', file, '--data-dir', dir);
    expect(ex.code).toBe(0);
    const other = mkdtempSync(join(tmpdir(), 'pai-cli-2-'));
    try {
      const im = await pai('import', '--json', file, '--data-dir', other);
      expect(im.code).toBe(0);
      expect(await items(other)).toEqual(await items(dir));
      const file2 = join(other, 'again.json');
      await pai('export', '--out', file2, '--data-dir', other);
      const strip = (t: string) => ({ ...JSON.parse(t), exported_at: null });
      expect(strip(readFileSync(file2, 'utf8'))).toEqual(strip(readFileSync(file, 'utf8')));
      // A second import into the now non-empty folder is refused.
      const again = await pai('import', '--json', file, '--data-dir', other);
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/CONFLICT/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('imports a CSV with a column map, previews without one', async () => {
    const csv = join(dir, 'bank.csv');
    writeFileSync(
      csv,
      '日期,金额,备注\n2026-04-01 08:30,25,早餐\n2026-04-02 18:05,"1,280.50",机票\n',
    );
    const preview = await pai('import', '--csv', csv, '--data-dir', dir);
    expect(preview.code).toBe(0);
    expect(JSON.parse(preview.out).mapping).toEqual({ transaction_date: 0, amount: 1, item: 2 });
    expect(await items(dir)).toEqual([]);
    const done = await pai(
      'import',
      '--csv',
      csv,
      '--map',
      'date=日期,amount=1,item=2',
      '--data-dir',
      dir,
    );
    expect(done.code).toBe(0);
    expect(JSON.parse(done.out)).toMatchObject({ created: 2, skipped_duplicates: 0 });
    const bad = await pai('import', '--csv', csv, '--map', 'when=0', '--data-dir', dir);
    expect(bad.code).toBe(2);
  });

  it('backup create, list, restore --yes', async () => {
    await pai('quickadd', '咖啡 18', '--data-dir', dir);
    const created = await pai('backup', 'create', '--data-dir', dir);
    expect(created.code).toBe(0);
    const name = (JSON.parse(created.out) as { name: string }).name;
    await pai('quickadd', '午饭 32', '--data-dir', dir);
    const list = await pai('backup', 'list', '--data-dir', dir);
    expect(
      (JSON.parse(list.out) as { backups: { name: string }[] }).backups.map((b) => b.name),
    ).toEqual([name]);
    const noYes = await pai('backup', 'restore', name, '--data-dir', dir);
    expect(noYes.code).toBe(2);
    expect((await items(dir)).map((r) => r[0])).toEqual(['咖啡', '午饭']);
    const yes = await pai('backup', 'restore', name, '--yes', '--data-dir', dir);
    expect(yes.code).toBe(0);
    expect((await items(dir)).map((r) => r[0])).toEqual(['咖啡']);
  });
});
