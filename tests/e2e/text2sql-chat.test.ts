import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ScriptedOpenAI,
  type RecordedRequest,
  type ScriptedReply,
} from '../scripted-openai/server';
import { startE2E, type E2E } from './harness';

// "把上周所有交通改成出行" in the Chat view (Chromium, webhost, real ChatOpenAI client):
// preview_write → a preview card listing the rows → commit_write_by_ids → approval →
// only those rows change. Scripted replies (the agent's tool calls and the planner's
// SQL plan) are test inputs standing in for a model, never app logic.
let e2e: E2E;
let server: ScriptedOpenAI;

// Wednesday 2026-04-15 in Shanghai: last week is Mon 04-06 .. Sun 04-12.
const NOW = '2026-04-15T12:00:00+08:00';
const SEED = [
  {
    amount: 4,
    category: '交通',
    item: '地铁',
    transaction_date: '2026-04-07 08:30:00',
    lastWeekTransport: true,
  },
  {
    amount: 36.5,
    category: '交通',
    item: '打车',
    transaction_date: '2026-04-10 19:05:00',
    lastWeekTransport: true,
  },
  {
    amount: 2,
    category: '交通',
    item: '公交',
    transaction_date: '2026-04-12 21:40:00',
    lastWeekTransport: true,
  },
  {
    amount: 30,
    category: '餐饮',
    item: '午饭',
    transaction_date: '2026-04-08 12:10:00',
    lastWeekTransport: false,
  },
  {
    amount: 120,
    category: '交通',
    item: '高铁',
    transaction_date: '2026-04-14 09:00:00',
    lastWeekTransport: false,
  },
  {
    amount: 5,
    category: '交通',
    item: '共享单车',
    transaction_date: '2026-04-03 18:00:00',
    lastWeekTransport: false,
  },
];
const PLAN = {
  intent: 'write',
  sql: "SELECT id FROM ledgers WHERE category = '交通' AND transaction_date >= '2026-04-06' AND transaction_date < '2026-04-13'",
  explanation: '上周的交通账单',
  time_range: { start: '2026-04-06', end: '2026-04-13' },
};

beforeAll(async () => {
  server = await new ScriptedOpenAI().start();
  e2e = await startE2E({ timeZone: 'Asia/Shanghai', now: NOW });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  await server?.close();
});

/** The planner's structured-output call: as a ledger_sql_plan tool call, or as JSON text when asked for response_format. */
function planReply(req: RecordedRequest): ScriptedReply {
  const asTool = req.body.tools?.some((t) => t.function.name === 'ledger_sql_plan');
  return asTool
    ? { toolCalls: [{ name: 'ledger_sql_plan', args: PLAN }] }
    : { text: JSON.stringify(PLAN) };
}

/** The model reads the preview it was given and commits exactly its ids. */
function commitFromPreview(req: RecordedRequest): ScriptedReply {
  const tool = req.body.messages?.filter((m) => m.role === 'tool').at(-1);
  const preview = JSON.parse(String(tool?.content)) as {
    target_ids: number[];
    expected_count: number;
  };
  return {
    text: '上周有 3 笔交通，确认后改成出行。',
    toolCalls: [
      {
        name: 'ledger_text2sql',
        args: {
          mode: 'commit_write_by_ids',
          operation: 'update',
          target_ids: preview.target_ids,
          expected_count: preview.expected_count,
          update_fields: { category: '出行' },
        },
      },
    ],
  };
}

async function all() {
  return (await e2e.invoke('ledger.list', { limit: 100 })).entries;
}

const thread = (page: Page) => page.getByTestId('thread');

describe('text2sql in the Chat view', () => {
  it('"把上周所有交通改成出行" → preview card → approve → only last week\u2019s 交通 rows become 出行', async () => {
    const ids: number[] = [];
    for (const { lastWeekTransport: _, ...row } of SEED)
      ids.push((await e2e.invoke('ledger.create', row)).id);
    const targets = ids.filter((_, i) => SEED[i]!.lastWeekTransport);
    const before = await all();

    await e2e.invoke('providers.update', {
      preset: 'custom',
      baseURL: server.baseURL,
      chatModel: 'scripted-model',
      apiKey: 'sk-test',
    });
    const page = await e2e.openPage('chat');
    await page.getByText('想让我做点什么？').waitFor();

    server.enqueue(
      {
        toolCalls: [
          {
            name: 'ledger_text2sql',
            args: {
              mode: 'preview_write',
              message: '把上周所有交通改成出行',
              operation: 'update',
              update_fields: { category: '出行' },
            },
          },
        ],
      },
      planReply,
      commitFromPreview,
    );
    const box = page.getByRole('textbox', { name: /Enter 发送/ });
    await box.fill('把上周所有交通改成出行');
    await box.press('Enter');

    // The preview card: exactly last week's 交通 rows, each with its change; nothing written yet.
    const preview = thread(page).getByTestId('write-preview');
    await preview.waitFor();
    await preview.getByText('将修改 3 条账单').waitFor();
    const rows = preview.locator('tbody tr.ant-table-row');
    await expect(rows.count()).resolves.toBe(3);
    const texts = await rows.allTextContents();
    for (const item of ['地铁', '打车', '公交'])
      expect(texts.some((t) => t.includes(item))).toBe(true);
    for (const item of ['午饭', '高铁', '共享单车'])
      expect(texts.some((t) => t.includes(item))).toBe(false);
    for (const t of texts) expect(t).toContain('交通 → 出行');
    expect(texts.find((t) => t.includes('打车'))).toContain('2026-04-10 19:05');
    expect(texts.find((t) => t.includes('打车'))).toContain('36.50');
    expect(await all()).toEqual(before);

    // The planner got the person's words and the local week as anchors.
    const planReq = server.chatRequests()[1]!;
    expect(planReq.raw).toContain('把上周所有交通改成出行');
    expect(planReq.raw).toContain('2026-04-06 .. 2026-04-12');

    // The commit waits for the person: the approval card says how many rows and shows the exact ids.
    const approval = page.getByTestId('approval-card');
    await approval.waitFor();
    const card = (await approval.textContent()) ?? '';
    expect(card).toContain('批量修改 3 条账单');
    for (const id of targets) expect(card).toContain(`#${id}`);
    expect(card).toContain('"expected_count": 3');
    expect(await all()).toEqual(before);
    await e2e.screenshot('text2sql-chat-01-preview-approval');

    server.enqueue({ text: '已把上周 3 笔交通改成出行。' });
    await approval.getByRole('button', { name: /^允\s*许$/ }).click();
    await thread(page).getByText('已把上周 3 笔交通改成出行。').waitFor();
    await approval.waitFor({ state: 'detached' });
    await e2e.screenshot('text2sql-chat-02-approved');

    const after = await all();
    for (const e of after) {
      const was = before.find((b) => b.id === e.id)!;
      if (targets.includes(e.id)) expect(e).toEqual({ ...was, category: '出行' });
      else expect(e).toEqual(was);
    }
    expect(after).toHaveLength(before.length);

    await e2e.openPage('ledger');
    for (const item of ['地铁', '打车', '公交']) {
      await page
        .getByRole('row')
        .filter({ hasText: item })
        .filter({ hasText: '出行' })
        .first()
        .waitFor();
    }
    await expect(
      page.getByRole('row').filter({ hasText: '高铁' }).filter({ hasText: '交通' }).count(),
    ).resolves.toBe(1);
    await page.getByRole('row').filter({ hasText: '公交' }).first().scrollIntoViewIfNeeded();
    await e2e.screenshot('text2sql-chat-03-ledger');
    expect(e2e.errors.filter((e) => !/\[antd: Spin\] `tip` is deprecated/.test(e))).toEqual([]);
  }, 180_000);
});
