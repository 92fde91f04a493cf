import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import type { MessageRow, StoredToolCall } from '../conversation/service';

/** How much earlier conversation goes to the model. Fixed, so turn cost does not grow with the thread. */
export const HISTORY_BUDGET = {
  /** Rows read from the table at most. */
  rows: 120,
  /** Estimated tokens of history at most. */
  tokens: 6_000,
  /** Per-message caps for older content (tool outputs are the big ones). */
  toolChars: 1_500,
  textChars: 4_000,
};

const UNANSWERED = '[已跳过] 该操作没有执行（用户未确认或已开始新的消息）。';

/** Rough token estimate: CJK characters ~1 token each, other text ~4 characters per token. */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) if (ch.charCodeAt(0) > 0x2e80) cjk++;
  return cjk + Math.ceil((text.length - cjk) / 4) + 4;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…(已截断 truncated)` : text;
}

/**
 * Turns stored rows (oldest first) into model messages, keeping whole turns
 * only: a turn is the person's message, the model's replies and tool calls
 * and every matching tool result, so call/result pairs are never split. An
 * assistant call with no stored result gets a "skipped" result; results
 * without their call are dropped. Newest turns are kept until the budget is
 * spent.
 */
export function buildHistory(
  rows: MessageRow[],
  budget = HISTORY_BUDGET,
  cache?: HistoryCache,
): BaseMessage[] {
  const turns: MessageRow[][] = [];
  for (const r of rows) {
    const last = turns[turns.length - 1];
    if (last && last[0]!.turn_id === r.turn_id) last.push(r);
    else turns.push([r]);
  }
  // The oldest turn may be cut by the row cap: keep it only if it starts with the person's message.
  if (turns.length && turns[0]![0]!.role !== 'user') turns.shift();

  const picked: BaseMessage[][] = [];
  let used = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    const { msgs, cost } = cache?.group(turns[i]!, budget) ?? groupOf(turns[i]!, budget);
    if (used + cost > budget.tokens) break;
    used += cost;
    picked.push(msgs);
  }
  return picked.reverse().flat();
}

function groupOf(rows: MessageRow[], budget: typeof HISTORY_BUDGET): Group {
  const msgs = turnMessages(rows, budget);
  const cost = msgs.reduce(
    (n, m) =>
      n +
      estimateTokens(typeof m.content === 'string' ? m.content : JSON.stringify(m.content)) +
      toolCallCost(m),
    0,
  );
  return { msgs, cost };
}

interface Group {
  msgs: BaseMessage[];
  cost: number;
}

/**
 * Model messages of stored turns, reused from one chat turn to the next: a
 * conversation's window moves by one turn at a time, and rebuilding ~120
 * LangChain messages costs more than the rest of the history step. Stored
 * rows never change, so a group is known by its conversation and row ids;
 * the owner clears it when conversations are deleted or data is replaced.
 */
export class HistoryCache {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly max = 2_000) {}

  group(rows: MessageRow[], budget: typeof HISTORY_BUDGET): Group {
    const first = rows[0]!;
    const key = `${first.conversation_id}:${first.id}:${rows.at(-1)!.id}:${rows.length}:${budget === HISTORY_BUDGET ? '' : JSON.stringify(budget)}`;
    let g = this.groups.get(key);
    if (g) {
      // Most recently used last, so the oldest entries go first when the cache is full.
      this.groups.delete(key);
    } else {
      g = groupOf(rows, budget);
      if (this.groups.size >= this.max) this.groups.delete(this.groups.keys().next().value!);
    }
    this.groups.set(key, g);
    return g;
  }

  clear(): void {
    this.groups.clear();
  }
}

function toolCallCost(m: BaseMessage): number {
  return m instanceof AIMessage && m.tool_calls?.length
    ? estimateTokens(JSON.stringify(m.tool_calls))
    : 0;
}

function turnMessages(rows: MessageRow[], budget: typeof HISTORY_BUDGET): BaseMessage[] {
  const results = new Map<string, MessageRow>();
  for (const r of rows) if (r.role === 'tool' && r.tool_call_id) results.set(r.tool_call_id, r);
  const out: BaseMessage[] = [];
  for (const r of rows) {
    if (r.role === 'user') {
      const meta = r.meta_json ? (JSON.parse(r.meta_json) as { images?: string[] }) : {};
      const n = meta.images?.length ?? 0;
      // Earlier images are not re-sent: they would dominate the cost of every later turn.
      out.push(
        new HumanMessage(
          clip(r.content, budget.textChars) +
            (n ? `\n[附图 ${n} 张 / ${n} image(s) attached earlier]` : ''),
        ),
      );
    } else if (r.role === 'assistant') {
      const calls = r.tool_calls_json ? (JSON.parse(r.tool_calls_json) as StoredToolCall[]) : [];
      out.push(
        new AIMessage({
          content: clip(r.content, budget.textChars),
          tool_calls: calls.map((c) => ({
            id: c.id,
            name: c.name,
            args: c.args,
            type: 'tool_call' as const,
          })),
        }),
      );
      for (const c of calls) {
        const res = results.get(c.id);
        out.push(
          new ToolMessage({
            tool_call_id: c.id,
            name: c.name,
            content: res ? clip(res.content, budget.toolChars) : UNANSWERED,
            status: res?.status === 'error' ? 'error' : 'success',
          }),
        );
      }
    }
    // Tool rows are emitted right after their call above; orphans are dropped.
  }
  return out;
}
