import { afterEach, describe, expect, it } from 'vitest';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { z } from 'zod';
import { PAI_CONTEXT_KEY, toLangChainTool } from './langchain';
import { addUser, openTestApp, toolCtx, type TestApp } from '../../../tests/support/temp-app';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const lc = (name: string) => toLangChainTool(t.app.ctx.tools.get(name)!, t.app.ctx.tools);
const cfg = (ctx = toolCtx()) => ({ configurable: { [PAI_CONTEXT_KEY]: ctx } });

describe('LangChain adapter', () => {
  it('writes the row for the user in the RunnableConfig context, ignoring a user_id from the model', async () => {
    t = openTestApp({ timeZone: 'Asia/Shanghai' });
    const other = addUser(t.db);
    const text = await lc('ledger_insert').invoke(
      {
        amount: 32,
        category: '餐饮',
        item: '午饭',
        transaction_date: '2026-04-06 12:30',
        user_id: 1,
      },
      cfg(toolCtx({ userId: other, conversationId: 5 })),
    );
    const payload = JSON.parse(text) as { user_id: number; transaction_date: string };
    expect(payload).toMatchObject({
      user_id: other,
      transaction_date: '2026-04-06T12:30:00+08:00',
    });
    expect(t.db.prepare('SELECT user_id, item FROM ledgers').all()).toEqual([
      { user_id: other, item: '午饭' },
    ]);
    expect(
      t.db.prepare('SELECT tool_name, success, conversation_id FROM tool_usage').all(),
    ).toEqual([{ tool_name: 'ledger_insert', success: 1, conversation_id: 5 }]);
  });

  it('answers bad arguments as text (validated and logged by the executor), never throwing', async () => {
    t = openTestApp();
    const text = await lc('ledger_insert').invoke({ amount: 'abc', category: '', item: '' }, cfg());
    expect(text).toMatch(/^Error \[VALIDATION_FAILED\]: .*amount/);
    const missing = await lc('ledger_update').invoke({ ledger_id: 77, amount: 1 }, cfg());
    expect(missing).toMatch(/^Error \[NOT_FOUND\]/);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM ledgers').get()).toEqual({ n: 0 });
    expect(t.db.prepare('SELECT success, error FROM tool_usage ORDER BY id').all()).toEqual([
      { success: 0, error: expect.stringMatching(/^VALIDATION_FAILED/) },
      { success: 0, error: expect.stringMatching(/^NOT_FOUND/) },
    ]);
  });

  it('refuses to run without a runtime context', async () => {
    t = openTestApp();
    const text = await lc('ledger_insert').invoke({ amount: 1, category: 'a', item: 'b' });
    expect(text).toMatch(/no runtime context/);
    expect(t.db.prepare('SELECT COUNT(*) AS n FROM ledgers').get()).toEqual({ n: 0 });
  });

  it('returns a ToolMessage for a tool call, as ToolNode uses it', async () => {
    t = openTestApp();
    const msg = await lc('ledger_get_latest').invoke(
      { id: 'call_1', name: 'ledger_get_latest', args: {}, type: 'tool_call' },
      cfg(),
    );
    expect(msg).toMatchObject({ tool_call_id: 'call_1', content: '{}' });
  });

  it('shows the model the input-side JSON schema with a description on every field', () => {
    t = openTestApp();
    for (const def of t.app.ctx.tools.list()) {
      const fn = convertToOpenAITool(toLangChainTool(def, t.app.ctx.tools)).function;
      const expected = z.toJSONSchema(def.schema, { io: 'input' }) as {
        properties: Record<string, unknown>;
        required?: string[];
      };
      const params = fn.parameters as {
        properties: Record<string, { description?: string }>;
        required?: string[];
      };
      expect(fn.name).toBe(def.name);
      expect(fn.description).toBe(def.description);
      expect(params.properties).toEqual(expected.properties);
      expect(params.required ?? []).toEqual(expected.required ?? []);
      for (const [k, p] of Object.entries(params.properties))
        expect(p.description, `${def.name}.${k}`).toBeTruthy();
    }
  });
});
