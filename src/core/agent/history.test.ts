import { describe, expect, it } from 'vitest';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { buildHistory, HistoryCache, HISTORY_BUDGET } from './history';
import type { MessageRow } from '../conversation/service';

let id = 0;
const row = (
  turn: string,
  role: MessageRow['role'],
  content: string,
  extra: Partial<MessageRow> = {},
): MessageRow => ({
  id: ++id,
  conversation_id: 1,
  user_id: 1,
  turn_id: turn,
  role,
  content,
  tool_calls_json: null,
  tool_call_id: null,
  tool_name: null,
  status: null,
  meta_json: null,
  created_at: 0,
  ...extra,
});

describe('buildHistory', () => {
  it('keeps whole turns, pairs every call with its result and fills a missing result', () => {
    const msgs = buildHistory([
      row('t1', 'user', 'hi'),
      row('t1', 'assistant', '', {
        tool_calls_json: JSON.stringify([
          { id: 'a', name: 'x', args: {} },
          { id: 'b', name: 'y', args: {} },
        ]),
      }),
      row('t1', 'tool', 'result-a', { tool_call_id: 'a', tool_name: 'x' }),
      row('t1', 'assistant', 'done'),
    ]);
    expect(msgs.map((m) => m.constructor)).toEqual([
      HumanMessage,
      AIMessage,
      ToolMessage,
      ToolMessage,
      AIMessage,
    ]);
    expect((msgs[2] as ToolMessage).content).toBe('result-a');
    expect((msgs[3] as ToolMessage).tool_call_id).toBe('b');
    expect(String((msgs[3] as ToolMessage).content)).toContain('[已跳过]');
  });

  it('drops a leading partial turn and stays within the token budget', () => {
    const rows = [
      row('t0', 'tool', 'orphan', { tool_call_id: 'z' }),
      row('t0', 'assistant', 'tail'),
    ];
    for (let i = 1; i <= 400; i++)
      rows.push(
        row(`t${i}`, 'user', `消息 ${i} ${'字'.repeat(100)}`),
        row(`t${i}`, 'assistant', '好'),
      );
    const msgs = buildHistory(rows, { ...HISTORY_BUDGET, tokens: 2_000 });
    expect(msgs[0]).toBeInstanceOf(HumanMessage);
    expect(msgs.length).toBeLessThan(60);
    expect(String(msgs.at(-2)!.content)).toContain('消息 400');
  });

  it('clips long tool output and does not re-send earlier images', () => {
    const msgs = buildHistory([
      row('t1', 'user', '看图', {
        meta_json: JSON.stringify({ images: ['data:image/png;base64,AAAA'] }),
      }),
      row('t1', 'assistant', '', {
        tool_calls_json: JSON.stringify([{ id: 'a', name: 'x', args: {} }]),
      }),
      row('t1', 'tool', 'x'.repeat(10_000), { tool_call_id: 'a' }),
    ]);
    expect(String(msgs[0]!.content)).toContain('附图 1 张');
    expect(JSON.stringify(msgs)).not.toContain('base64');
    expect(String(msgs[2]!.content).length).toBeLessThan(HISTORY_BUDGET.toolChars + 50);
  });
});

describe('HistoryCache', () => {
  it('gives the same messages as building afresh, and reuses the groups of earlier turns', () => {
    const rows: MessageRow[] = [];
    for (let t = 0; t < 30; t++) {
      rows.push(row(`c${t}`, 'user', `第 ${t} 条`));
      rows.push(
        row(`c${t}`, 'assistant', '', {
          tool_calls_json: JSON.stringify([{ id: `k${t}`, name: 'now_time', args: {} }]),
        }),
      );
      rows.push(
        row(`c${t}`, 'tool', `结果 ${t}`, { tool_call_id: `k${t}`, tool_name: 'now_time' }),
      );
      rows.push(row(`c${t}`, 'assistant', `好的 ${t}`));
    }
    const cache = new HistoryCache();
    const first = buildHistory(rows.slice(0, 80), HISTORY_BUDGET, cache);
    expect(first.map((m) => m.content)).toEqual(
      buildHistory(rows.slice(0, 80)).map((m) => m.content),
    );
    // One turn later: the window moved by four rows; the overlapping turns are the same objects.
    const next = buildHistory(rows.slice(4, 84), HISTORY_BUDGET, cache);
    expect(next.map((m) => m.content)).toEqual(
      buildHistory(rows.slice(4, 84)).map((m) => m.content),
    );
    expect(next[0]).toBe(first[4]);
    expect(next.at(-1)).not.toBe(first.at(-1));
  });

  it('a group cut differently (the oldest turn cut by the row cap) is not taken for the whole turn', () => {
    const rows = [row('x', 'user', 'q'), row('x', 'assistant', 'a1'), row('x', 'assistant', 'a2')];
    const cache = new HistoryCache();
    expect(buildHistory(rows, HISTORY_BUDGET, cache).map((m) => m.content)).toEqual([
      'q',
      'a1',
      'a2',
    ]);
    expect(buildHistory(rows.slice(0, 2), HISTORY_BUDGET, cache).map((m) => m.content)).toEqual([
      'q',
      'a1',
    ]);
  });
});
