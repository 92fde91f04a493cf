import { z } from 'zod';
import type { CoreContext } from '../module';
import type { LedgerService } from '../ledger/service';
import { defineTool, type AnyToolDef, type ToolContext } from './types';
import { intArg, json, numberArg, optText, recentLimitArg } from './args';
import { PaiError } from '../../shared/errors';

const meta = (c: ToolContext) => ({
  actor: c.actor,
  conversationId: c.conversationId,
  platform: c.platform,
});
const blankToUndef = (s: string | undefined): string | undefined => (s && s.trim() ? s : undefined);

/** The six single-row ledger tools of reference 000, names and returns kept exactly. */
export function ledgerTools(_ctx: CoreContext, ledger: LedgerService): AnyToolDef[] {
  const insert = defineTool({
    name: 'ledger_insert',
    source: 'builtin',
    risk: 'write',
    mainAgent: true,
    description:
      '记一笔支出（单条账单）。Record one expense in the ledger. 未给时间时记为当前时间。',
    schema: z.object({
      amount: numberArg('金额，元为单位的小数，例如 32 或 18.5 (amount in major units)'),
      // Required as in reference 000; an empty string still means the default.
      category: z.string().max(64).describe('分类，如 餐饮、交通、购物；留空为“其他” (category)'),
      item: z.string().max(200).describe('条目/内容，如 午饭；留空为“消费” (what it was for)'),
      transaction_date: optText(
        '消费时间，用户本地时间，如 2026-04-06 12:30；留空为现在 (local time)',
        64,
      ),
      image_url: optText('小票图片引用（可选）(receipt image reference)', 2048),
    }),
    summarize: (a, locale) =>
      locale === 'en'
        ? `Record ${a.amount} for ${a.item || a.category}`
        : `记账 ${a.amount} 元：${a.item || a.category || '消费'}`,
    run(a, c) {
      const row = ledger.create(
        c.userId,
        {
          amount: a.amount,
          category: a.category,
          item: a.item,
          transaction_date: a.transaction_date,
          image_url: a.image_url,
        },
        meta(c),
      );
      return { output: json(row), output_data: row };
    },
  });

  const update = defineTool({
    name: 'ledger_update',
    source: 'builtin',
    risk: 'write',
    mainAgent: true,
    description:
      '修改一条账单，只更新传入的字段。Update one ledger entry; only the given fields change.',
    schema: z.object({
      ledger_id: intArg('要修改的账单 id (ledger entry id)'),
      amount: numberArg('新金额 (new amount)').optional(),
      category: z.string().max(64).optional().describe('新分类 (new category)'),
      item: z.string().max(200).optional().describe('新条目 (new item)'),
      transaction_date: z
        .string()
        .max(64)
        .optional()
        .describe('新的消费时间，本地时间 (new local time)'),
    }),
    summarize: (a, locale) =>
      locale === 'en' ? `Update ledger entry #${a.ledger_id}` : `修改账单 #${a.ledger_id}`,
    run(a, c) {
      const row = ledger.update(
        c.userId,
        a.ledger_id,
        {
          amount: a.amount,
          category: blankToUndef(a.category),
          item: blankToUndef(a.item),
          transaction_date: blankToUndef(a.transaction_date),
        },
        meta(c),
      );
      return { output: json(row), output_data: row };
    },
  });

  const del = defineTool({
    name: 'ledger_delete',
    source: 'builtin',
    risk: 'destructive',
    mainAgent: true,
    description: '删除一条账单，返回删除前的快照。Delete one ledger entry; returns its snapshot.',
    schema: z.object({ ledger_id: intArg('要删除的账单 id (ledger entry id)') }),
    summarize: (a, locale) =>
      locale === 'en' ? `Delete ledger entry #${a.ledger_id}` : `删除账单 #${a.ledger_id}`,
    run(a, c) {
      const { deleted } = ledger.delete(c.userId, a.ledger_id, meta(c));
      return { output: json(deleted), output_data: deleted };
    },
  });

  const latest = defineTool({
    name: 'ledger_get_latest',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description: '读取最新记录的一条账单；没有时返回 {}。Get the most recently recorded entry.',
    schema: z.object({}),
    run(_a, c) {
      const row = ledger.latest(c.userId);
      return { output: json(row ?? {}), output_data: row ?? {} };
    },
  });

  const recent = defineTool({
    name: 'ledger_list_recent',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      '按记录先后列出最近 N 条账单（适合“最近几笔”，不适合“今天/本月”）。List the last N entries recorded.',
    schema: z.object({
      limit: recentLimitArg(),
    }),
    run(a, c) {
      const rows = ledger.listRecent(c.userId, a.limit);
      return { output: json(rows), output_data: rows };
    },
  });

  const list = defineTool({
    name: 'ledger_list',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      '按条件查询账单：时间区间（本地时间，end_at 只给日期时包含当天）、分类、关键词、id。List entries by date range, category, keyword or ids.',
    schema: z.object({
      limit: intArg('最多返回条数，默认 100 (max rows)')
        .pipe(z.number().int().min(1).max(1000))
        .optional()
        .default(100),
      start_at: optText('开始时间（含），如 2026-04-01 (inclusive start, local)', 64),
      end_at: optText(
        '结束时间；只给日期时包含当天，如 2026-04-30 (end; a date covers that day)',
        64,
      ),
      category: optText('分类，精确匹配 (category)', 64),
      item_like: optText('条目关键词，模糊匹配 (keyword in item)', 128),
      order: z
        .enum(['asc', 'desc'])
        .optional()
        .default('desc')
        .describe('按时间排序 asc/desc (order by time)'),
      ledger_ids: z
        .array(intArg('账单 id'))
        .max(1000)
        .optional()
        .default([])
        .describe('只看这些 id (only these ids)'),
    }),
    run(a, c) {
      if (a.limit < 1) throw new PaiError('VALIDATION_FAILED', 'limit must be ≥ 1');
      const { entries } = ledger.list(c.userId, {
        limit: a.limit,
        start_at: blankToUndef(a.start_at),
        end_at: blankToUndef(a.end_at),
        category: blankToUndef(a.category),
        item_like: blankToUndef(a.item_like),
        order: a.order,
        ledger_ids: a.ledger_ids,
      });
      return { output: json(entries), output_data: entries };
    },
  });

  return [insert, update, del, latest, recent, list];
}
