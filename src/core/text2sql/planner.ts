import { z } from 'zod';
import { DateTime } from 'luxon';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { PaiError } from '../../shared/errors';
import { LEDGER_VIEW_DOC } from './view';

/** What the chat model returns for a ledger question (structured output). */
export const sqlPlanSchema = z.object({
  intent: z
    .enum(['read', 'write'])
    .describe('read: answer a question; write: select the rows a change would touch'),
  sql: z
    .string()
    .describe(
      'One SQLite SELECT over the ledgers table. For write intent: SELECT id FROM ledgers WHERE ... (the target rows).',
    ),
  explanation: z
    .string()
    .describe('One short sentence in the user\u2019s language saying what the query does'),
  time_range: z
    .object({
      start: z
        .string()
        .nullable()
        .describe('Local start (inclusive), YYYY-MM-DD or YYYY-MM-DD HH:MM:SS, or null'),
      end: z.string().nullable().describe('Local end (exclusive), or null'),
    })
    .nullable()
    .describe('The local time range the question refers to, or null'),
});
export type SqlPlan = z.infer<typeof sqlPlanSchema>;

export interface PlanRequest {
  message: string;
  conversationContext?: string;
  /** 'write' when planning the targets of a batch update/delete. */
  purpose: 'read' | 'write';
  operation?: 'update' | 'delete';
  now: number;
  zone: string;
  currency: string;
  categories: string[];
}

/** Dates the model would otherwise have to compute (and often gets wrong): facts from the clock. */
export function timeAnchors(now: number, zone: string): string {
  const t = DateTime.fromMillis(now, { zone });
  const d = (x: DateTime) => x.toFormat('yyyy-LL-dd');
  const weekStart = t.startOf('week'); // ISO week: Monday
  const monthStart = t.startOf('month');
  return [
    `现在 (now, local): ${t.toFormat('yyyy-LL-dd HH:mm:ss')} ${t.toFormat('cccc')} (${zone}, UTC${t.toFormat('ZZ')})`,
    `今天 today: ${d(t)}; 昨天 yesterday: ${d(t.minus({ days: 1 }))}`,
    `本周 this week (Mon-Sun): ${d(weekStart)} .. ${d(weekStart.plus({ days: 6 }))}`,
    `上周 last week: ${d(weekStart.minus({ weeks: 1 }))} .. ${d(weekStart.minus({ days: 1 }))}`,
    `本月 this month: ${d(monthStart)} .. ${d(monthStart.plus({ months: 1 }).minus({ days: 1 }))}`,
    `上月 last month: ${d(monthStart.minus({ months: 1 }))} .. ${d(monthStart.minus({ days: 1 }))}`,
    `今年 this year: ${t.year}`,
  ].join('\n');
}

export function planPrompt(r: PlanRequest): { system: string; user: string } {
  const system = [
    'You translate a person\u2019s question about their own expense ledger into ONE SQLite SELECT.',
    'The only table is:',
    LEDGER_VIEW_DOC,
    'It already contains only this person\u2019s rows; never filter by user. No other tables exist.',
    'transaction_date is local wall-time text, so compare it with local date strings, e.g.',
    "  transaction_date >= '2026-04-01' AND transaction_date < '2026-05-01'  (half-open ranges),",
    "  strftime('%Y-%m', transaction_date) for months. Times the person mentions are local time.",
    `Default currency: ${r.currency}. Known categories: ${r.categories.join(', ')}.`,
    'Allowed: SELECT, WITH (non-recursive), JOIN, GROUP BY, window functions, common scalar/date functions.',
    'Not allowed: anything that writes, PRAGMA, ATTACH, other tables, recursive CTEs, parameters.',
    r.purpose === 'write'
      ? `The person wants to ${r.operation ?? 'change'} some entries. Return intent "write" and a SELECT of the target rows\u2019 id (SELECT id FROM ledgers WHERE ...). Never write UPDATE or DELETE.`
      : 'Return intent "read" and a SELECT that answers the question; name result columns clearly (e.g. total, category, month).',
    'Time anchors:',
    timeAnchors(r.now, r.zone),
  ].join('\n');
  const user = [
    r.conversationContext?.trim() ? `Conversation context:\n${r.conversationContext.trim()}\n` : '',
    `Question: ${r.message}`,
  ].join('\n');
  return { system, user };
}

/** Asks the chat model for a SQL plan as structured output. */
export async function planSql(
  model: BaseChatModel | null,
  r: PlanRequest,
  signal?: AbortSignal,
): Promise<SqlPlan> {
  if (!model) {
    throw new PaiError(
      'NOT_CONFIGURED',
      '未配置对话模型，无法把问题转换为查询；请在设置中配置模型，或使用 ledger_list。 (No chat model is configured; set one in Settings or use ledger_list.)',
    );
  }
  const { system, user } = planPrompt(r);
  const runnable = model.withStructuredOutput(sqlPlanSchema, { name: 'ledger_sql_plan' });
  let raw: unknown;
  try {
    raw = await runnable.invoke([new SystemMessage(system), new HumanMessage(user)], { signal });
  } catch (e) {
    throw new PaiError(
      'PROVIDER_UNAVAILABLE',
      `模型未能生成查询计划 (the model did not return a plan): ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const parsed = sqlPlanSchema.safeParse(raw);
  if (!parsed.success)
    throw new PaiError(
      'VALIDATION_FAILED',
      '模型返回的查询计划格式不对 (the model returned a malformed plan)',
    );
  return parsed.data;
}
