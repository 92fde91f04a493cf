import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, useScriptedChat } from '../scripted-openai/harness';
import { CHECKPOINT_FILE } from '../../src/core/agent/checkpointer';
import type { LedgerEntry } from '../../src/shared/contract';

const ctx = useScriptedChat();

/** Rows on disk in the checkpoint file, read through a separate connection. */
function stored(): { checkpoints: number; writes: number } {
  const db = new Database(join(ctx.h.dir, CHECKPOINT_FILE), { readonly: true });
  try {
    // The library creates its tables on first write: no table is nothing stored.
    const exists = (t: string) =>
      !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(t);
    const n = (t: string) =>
      exists(t) ? (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n : 0;
    return { checkpoints: n('checkpoints'), writes: n('writes') };
  } finally {
    db.close();
  }
}

describe('turn state on disk', () => {
  it('a turn that completes writes no graph state to disk', async () => {
    ctx.server.enqueue(
      { toolCalls: [{ name: 'now_time', args: {}, id: 'call_t1' }] },
      { text: '现在是 12:30。' },
    );
    const r = await call<{ conversation_id: number }>(ctx.h.app, 'chat.send', {
      text: '现在几点？',
    });
    await ctx.h.app.services.chat.idle(r.conversation_id);
    expect(ctx.h.events.at(-1)).toMatchObject({ type: 'turn_end', status: 'completed' });
    expect(stored()).toEqual({ checkpoints: 0, writes: 0 });
  });

  it('a turn waiting for approval is on disk before the card is shown, survives a reopen, and is gone once answered', async () => {
    const entry = await call<LedgerEntry>(ctx.h.app, 'ledger.create', {
      amount: 32,
      category: '餐饮',
      item: '午饭',
    });
    ctx.server.enqueue({
      toolCalls: [{ name: 'ledger_delete', args: { ledger_id: entry.id }, id: 'call_del_1' }],
    });
    let onDiskAtCard: { checkpoints: number; writes: number } | null = null;
    const off = ctx.h.app.ctx.events.on('chat.event', (e) => {
      if (e.type === 'approval_request') onDiskAtCard = stored();
    });
    const r = await call<{ conversation_id: number }>(ctx.h.app, 'chat.send', { text: '删掉这笔' });
    await ctx.h.app.services.chat.idle(r.conversation_id);
    off();
    expect(onDiskAtCard!.checkpoints).toBeGreaterThan(0);

    await ctx.h.reopen();
    const state = await call<{ pending: { kind: string } | null }>(ctx.h.app, 'chat.state', {
      conversation_id: r.conversation_id,
    });
    expect(state.pending?.kind).toBe('approval');
    ctx.server.enqueue({ text: '已删除。' });
    await call(ctx.h.app, 'chat.resume', {
      conversation_id: r.conversation_id,
      approvals: [{ call_id: 'call_del_1', approved: true }],
    });
    await ctx.h.app.services.chat.idle(r.conversation_id);
    expect(
      (await call<{ entries: LedgerEntry[] }>(ctx.h.app, 'ledger.list', {})).entries,
    ).toHaveLength(0);
    expect(stored()).toEqual({ checkpoints: 0, writes: 0 });
  });
});
