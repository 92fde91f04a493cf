import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OpenAIEmbeddings } from '@langchain/openai';
import { call, useScriptedChat } from '../scripted-openai/harness';
import { defineTool } from '../../src/core/tools/types';
import type { LedgerEntry } from '../../src/shared/contract';

const ctx = useScriptedChat();

describe('per-turn limits', () => {
  it('a crawl-limited tool answers with the limit message on its 4th call in a turn; the next turn starts at zero', async () => {
    let runs = 0;
    ctx.h.app.ctx.tools.register(
      defineTool({
        name: 'test_crawl',
        source: 'builtin',
        risk: 'read',
        mainAgent: true,
        limit: 'crawl',
        description: 'test crawler',
        schema: z.object({ url: z.string().describe('url') }),
        run: () => ({ output: `page ${++runs}` }),
      }),
    );
    const four = {
      toolCalls: [1, 2, 3, 4].map((i) => ({
        name: 'test_crawl',
        args: { url: `https://e.com/${i}` },
        id: `c${i}`,
      })),
    };
    ctx.server.enqueue(four, { text: '够了。' });
    const { conversation_id: conv } = await call<{ conversation_id: number }>(
      ctx.h.app,
      'chat.send',
      { text: '抓四个网页' },
    );
    await ctx.h.app.services.chat.idle(conv);
    expect(runs).toBe(3);
    const limited = ctx.h.events.find((e) => e.type === 'tool_end' && e.call_id === 'c4');
    expect(limited).toMatchObject({ status: 'error', error: { code: 'LIMIT_EXCEEDED' } });
    ctx.server.enqueue(
      { toolCalls: [{ name: 'test_crawl', args: { url: 'https://e.com/5' }, id: 'c5' }] },
      { text: '好。' },
    );
    await call(ctx.h.app, 'chat.send', { conversation_id: conv, text: '再抓一个' });
    await ctx.h.app.services.chat.idle(conv);
    expect(runs).toBe(4);
  });
});

describe('per-tool approval settings', () => {
  it('"ask" makes a write tool ask; a disabled tool is not offered to the model', async () => {
    await call(ctx.h.app, 'mcp.tools.setApproval', {
      source: 'builtin',
      name: 'ledger_insert',
      approval: 'ask',
    });
    await call(ctx.h.app, 'mcp.tools.setEnabled', {
      source: 'builtin',
      name: 'now_time',
      enabled: false,
    });
    ctx.server.enqueue({
      toolCalls: [
        {
          name: 'ledger_insert',
          args: { amount: 12, category: '餐饮', item: '咖啡' },
          id: 'c_ins',
        },
      ],
    });
    const { conversation_id: conv } = await call<{ conversation_id: number }>(
      ctx.h.app,
      'chat.send',
      { text: '咖啡 12' },
    );
    await ctx.h.app.services.chat.idle(conv);
    const bound = ctx.server.chatRequests()[0]!.body.tools!.map((t) => t.function.name);
    expect(bound).not.toContain('now_time');
    expect(ctx.h.events.find((e) => e.type === 'approval_request')).toMatchObject({
      calls: [
        {
          call_id: 'c_ins',
          tool: 'ledger_insert',
          risk: 'write',
          summary: '记账 12 元：咖啡',
          args: { amount: 12, category: '餐饮', item: '咖啡' },
        },
      ],
    });
    expect(
      (await call<{ entries: LedgerEntry[] }>(ctx.h.app, 'ledger.list', {})).entries,
    ).toHaveLength(0);
  });
});

describe('scripted server: embeddings', () => {
  it('serves /v1/embeddings to the real OpenAIEmbeddings client', async () => {
    const emb = new OpenAIEmbeddings({
      model: 'scripted-embed',
      apiKey: 'sk-test',
      configuration: { baseURL: ctx.server.baseURL },
    });
    const [a, b] = await emb.embedDocuments(['午饭', '午饭']);
    expect(a).toHaveLength(8);
    expect(a).toEqual(b);
    expect(ctx.server.requests.at(-1)!.path).toBe('/v1/embeddings');
  });
});
