// The CLI end to end: spawned as a person would run it, on a temp data folder.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './support/temp-app';

const ROOT = join(__dirname, '..');
const tmp = tempDir('pai-cli-');
afterAll(() => tmp.cleanup());

function pai(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TZ: 'Asia/Shanghai', PAI_DATA_DIR: '', ...env },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface ToolResultJson {
  ok: boolean;
  output: string;
  output_data: unknown;
  latency_ms: number;
  error?: { code: string; message: string };
}

// Each spawn costs a second or more on a loaded machine.
describe('pai CLI', { timeout: 120_000 }, () => {
  const dir = join(tmp.dir, 'a');

  it('inserts with `tool ledger_insert` and lists it back with `tool ledger_list`', () => {
    const ins = pai([
      'tool',
      'ledger_insert',
      '{"amount":32.5,"category":"餐饮","item":"午饭","transaction_date":"2026-04-06 12:30"}',
      '--data-dir',
      dir,
    ]);
    expect(ins.stderr).toBe('');
    expect(ins.code).toBe(0);
    const r = JSON.parse(ins.stdout) as ToolResultJson;
    expect(r).toMatchObject({
      ok: true,
      output_data: { id: 1, amount: 32.5, transaction_date: '2026-04-06T12:30:00+08:00' },
    });

    const list = pai([
      'tool',
      'ledger_list',
      '{"start_at":"2026-04-01","end_at":"2026-04-06"}',
      '--data-dir',
      dir,
    ]);
    expect(list.code).toBe(0);
    const l = JSON.parse(list.stdout) as ToolResultJson;
    expect(l.output_data).toEqual([
      expect.objectContaining({ id: 1, item: '午饭', category: '餐饮' }),
    ]);
  });

  it('takes the data folder from PAI_DATA_DIR and the time zone from TZ', () => {
    const r = pai(['tool', 'ledger_get_latest', '{}'], {
      PAI_DATA_DIR: dir,
      TZ: 'America/New_York',
    });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as ToolResultJson).output_data).toMatchObject({
      id: 1,
      transaction_date: '2026-04-06T00:30:00-04:00',
    });
  });

  it('exits 1 with the error envelope when the tool fails, and the data stays as it was', () => {
    const bad = pai([
      'tool',
      'ledger_insert',
      '{"amount":"abc","category":"","item":""}',
      '--data-dir',
      dir,
    ]);
    expect(bad.code).toBe(1);
    const r = JSON.parse(bad.stdout) as ToolResultJson;
    expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    expect(r.output).toMatch(/amount/);
    const missing = pai(['tool', 'ledger_delete', '{"ledger_id":99}', '--data-dir', dir]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const unknown = pai(['tool', 'no_such_tool', '{}', '--data-dir', dir]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ error: { code: 'UNKNOWN_TOOL' } });
    const recent = JSON.parse(
      pai(['tool', 'ledger_list_recent', '{}', '--data-dir', dir]).stdout,
    ) as ToolResultJson;
    expect((recent.output_data as unknown[]).length).toBe(1);
  });

  it('exits 2 with a clear message for bad JSON, a missing name, unknown flags or commands', () => {
    const cases: [string[], RegExp][] = [
      [['tool', 'ledger_list', '{bad', '--data-dir', dir], /not valid JSON/],
      [['tool'], /missing tool name/],
      [['tool', 'ledger_list', '{}', '--frobnicate'], /Unknown option '--frobnicate'/],
      [['nope'], /unknown command "nope"/],
      [[], /usage: pai/],
    ];
    for (const [args, msg] of cases) {
      const r = pai(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(msg);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('lists the tools with risk, main-agent flag and a JSON schema', () => {
    const r = pai(['tools', '--data-dir', dir]);
    expect(r.code).toBe(0);
    const tools = JSON.parse(r.stdout) as {
      name: string;
      risk: string;
      mainAgent: boolean;
      schema: { type: string; properties: object; required?: string[] };
    }[];
    const insert = tools.find((x) => x.name === 'ledger_insert')!;
    expect(insert).toMatchObject({ risk: 'write', mainAgent: true, schema: { type: 'object' } });
    expect(Object.keys(insert.schema.properties)).toEqual([
      'amount',
      'category',
      'item',
      'transaction_date',
      'image_url',
    ]);
    expect(insert.schema.required).toEqual(['amount', 'category', 'item']);
    expect(tools.map((x) => x.name)).toEqual(
      expect.arrayContaining([
        'ledger_update',
        'ledger_delete',
        'ledger_get_latest',
        'ledger_list_recent',
        'ledger_list',
      ]),
    );
  });

  it('refuses a data folder written by a newer Pai with exit 1 and a readable message', () => {
    const newer = join(tmp.dir, 'newer');
    expect(pai(['tool', 'ledger_get_latest', '{}', '--data-dir', newer]).code).toBe(0);
    const ins = spawnSync(
      process.execPath,
      [
        '-e',
        `const D=require('better-sqlite3');const d=new D(${JSON.stringify(join(newer, 'pai.db'))});d.prepare("INSERT INTO schema_migrations VALUES (999,'x','x')").run();d.close()`,
      ],
      { cwd: ROOT },
    );
    expect(ins.status).toBe(0);
    const r = pai(['tool', 'ledger_get_latest', '{}', '--data-dir', newer]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/DB_NEWER_THAN_APP: .*newer version of Pai/);
  });

  it('works through `npm run -s pai` (the documented entry point)', () => {
    const r = spawnSync(
      'npm',
      ['run', '-s', 'pai', '--', 'tool', 'ledger_list_recent', '{"limit":1}', '--data-dir', dir],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, TZ: 'Asia/Shanghai' },
        timeout: 90_000,
      },
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      output_data: [expect.objectContaining({ id: 1 })],
    });
  }, 90_000);
});
