import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { ScriptedOpenAI } from '../scripted-openai/server';
import { envFor } from '../scripted-openai/harness';
import { runChat } from '../../src/cli/commands/chat';
import { createApp } from '../../src/core/app';

let server: ScriptedOpenAI;
let dir: string;

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    this.text += chunk.toString();
    cb();
  }
}

beforeEach(async () => {
  server = await new ScriptedOpenAI().start();
  dir = mkdtempSync(join(tmpdir(), 'pai-cli-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function seedEntry(): number {
  const app = createApp({ dataDir: dir, env: {}, timeZone: 'UTC' });
  const e = app.services.ledger.create(1, { amount: 9, item: '奶茶' }, { actor: 'user' });
  void app.close();
  return e.id;
}

const count = () => {
  const app = createApp({ dataDir: dir, env: {}, timeZone: 'UTC' });
  const n = app.services.ledger.list(1, {}).total;
  void app.close();
  return n;
};

describe('pai chat', () => {
  it('streams the reply to stdout and prints tool lines to stderr', async () => {
    server.enqueue(
      {
        toolCalls: [
          { name: 'ledger_insert', args: { amount: 32, item: '午饭', category: '餐饮' } },
        ],
      },
      { text: '记好了。' },
    );
    const out = new Sink();
    const err = new Sink();
    const code = await runChat(['午饭', '32'], {
      stdin: new PassThrough(),
      stdout: out,
      stderr: err,
      interactive: false,
      env: envFor(server.baseURL),
      dataDir: dir,
    });
    expect(code).toBe(0);
    expect(out.text).toContain('记好了。');
    expect(err.text).toContain('ledger_insert');
    expect(count()).toBe(1);
  });

  it('without a terminal, approvals are refused and nothing is deleted', async () => {
    const id = seedEntry();
    server.enqueue(
      { toolCalls: [{ name: 'ledger_delete', args: { ledger_id: id } }] },
      { text: '没有删除。' },
    );
    const err = new Sink();
    const code = await runChat(['删掉这笔'], {
      stdin: new PassThrough(),
      stdout: new Sink(),
      stderr: err,
      interactive: false,
      env: envFor(server.baseURL),
      dataDir: dir,
    });
    expect(code).toBe(0);
    expect(err.text).toContain('已拒绝');
    expect(count()).toBe(1);
    const tool = server
      .chatRequests()
      .at(-1)!
      .body.messages!.find((m) => m.role === 'tool');
    expect(tool?.content).toBe('[已跳过] 用户本轮未批准执行该操作。');
  });

  it('an unknown --conversation is a clear NOT_FOUND; on a terminal "y" approves and the row is deleted', async () => {
    const id = seedEntry();
    server.enqueue(
      { toolCalls: [{ name: 'ledger_delete', args: { ledger_id: id } }] },
      { text: '删除了。' },
    );
    const stdin = new PassThrough();
    const err = new Sink();
    const done = runChat(['删掉这笔', '--conversation', '1'], {
      stdin,
      stdout: new Sink(),
      stderr: err,
      interactive: true,
      env: envFor(server.baseURL),
      dataDir: dir,
    });
    // Conversation 1 does not exist yet: a clear NOT_FOUND, nothing else.
    expect(await done).toBe(1);
    expect(err.text).toContain('NOT_FOUND');
    const err2 = new Sink();
    const stdin2 = new PassThrough();
    const first = runChat(['删掉这笔'], {
      stdin: stdin2,
      stdout: new Sink(),
      stderr: err2,
      interactive: true,
      env: envFor(server.baseURL),
      dataDir: dir,
    });
    while (!err2.text.includes('[y/N]')) await new Promise((r) => setTimeout(r, 20));
    expect(err2.text).toContain('删除账单 #');
    stdin2.write('y\n');
    expect(await first).toBe(0);
    expect(count()).toBe(0);
  });

  it('no provider → the Settings message and exit 1', async () => {
    const err = new Sink();
    const code = await runChat(['你好'], {
      stdin: new PassThrough(),
      stdout: new Sink(),
      stderr: err,
      interactive: false,
      env: {},
      dataDir: dir,
    });
    expect(code).toBe(1);
    expect(err.text).toContain('NOT_CONFIGURED');
  });
});
