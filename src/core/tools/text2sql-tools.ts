import { z } from 'zod';
import type { CoreContext } from '../module';
import type { Text2SqlService } from '../text2sql/service';
import { updateFieldsSchema } from '../text2sql/write-fields';
import { defineTool, type AnyToolDef, type ToolContext } from './types';
import { intArg, json, optText } from './args';
import { PaiError } from '../../shared/errors';

const MODEL_ROWS = 100;

const call = (c: ToolContext) => ({
  userId: c.userId,
  actor: c.actor,
  conversationId: c.conversationId,
  signal: c.signal,
});

const FIELD_LABELS: Record<string, [string, string]> = {
  category: ['分类', 'category'],
  item: ['条目', 'item'],
  amount: ['金额', 'amount'],
  transaction_date: ['时间', 'time'],
};

function describeFields(f: Record<string, unknown> | undefined, locale: string): string {
  return Object.entries(f ?? {})
    .map(([k, v]) => `${(FIELD_LABELS[k] ?? [k, k])[locale === 'en' ? 1 : 0]} → ${String(v)}`)
    .join(locale === 'en' ? ', ' : '，');
}

/** ledger_text2sql (reference 000): execute / preview_write / commit_write_by_ids. */
export function text2sqlTools(_ctx: CoreContext, svc: Text2SqlService): AnyToolDef[] {
  const tool = defineTool({
    name: 'ledger_text2sql',
    source: 'builtin',
    // The most cautious value; riskFor() gives each call its own (only commits are destructive).
    risk: 'destructive',
    riskFor: (a) => (a.mode === 'commit_write_by_ids' ? 'destructive' : 'read'),
    mainAgent: true,
    description:
      '用自然语言查询账单（统计、区间、排行），或批量修改/删除账单：先 mode=preview_write 预览命中的记录（不落库），用户确认后再 mode=commit_write_by_ids 按 id 提交。' +
      ' Natural-language ledger queries; batch update/delete in two steps (preview, then commit by the confirmed ids).',
    schema: z.object({
      message: optText(
        '用户的问题或要求，如“这个月餐饮花了多少” (the request in plain words; required for execute/preview_write)',
        2000,
      ),
      conversation_context: optText(
        '可选的上下文，如之前提到的时间或分类 (optional context from the conversation)',
        4000,
      ),
      mode: z
        .preprocess(
          (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
          z.enum(['execute', 'preview_write', 'commit_write_by_ids']).optional().default('execute'),
        )
        .describe(
          'execute（默认，只读查询）| preview_write（预览批量修改）| commit_write_by_ids（确认后提交）',
        ),
      operation: z
        .enum(['update', 'delete'])
        .optional()
        .describe('批量操作类型 update|delete（preview_write/commit_write_by_ids 必填）'),
      update_fields: updateFieldsSchema
        .optional()
        .describe('update 时要设置的字段，如 {"category":"出行"} (fields to set)'),
      preview_limit: intArg('预览最多展示条数，默认 50 (rows to show in the preview)')
        .pipe(z.number().int().min(1).max(200))
        .optional()
        .default(50),
      target_ids: z
        .array(intArg('账单 id'))
        .max(500)
        .optional()
        .default([])
        .describe('commit 时：预览返回并经用户确认的 id 列表 (the confirmed ids from the preview)'),
      expected_count: intArg(
        'commit 时：预期修改条数，须与找到的记录数一致 (expected number of rows)',
      ).optional(),
    }),
    summarize(a, locale) {
      const en = locale === 'en';
      if (a.mode === 'commit_write_by_ids') {
        const ids = a.target_ids.map((i: number) => `#${i}`).join(', ');
        if (a.operation === 'delete')
          return en
            ? `Delete ${a.target_ids.length} ledger entries (${ids})`
            : `批量删除 ${a.target_ids.length} 条账单（${ids}）`;
        return en
          ? `Update ${a.target_ids.length} ledger entries (${ids}): ${describeFields(a.update_fields, locale)}`
          : `批量修改 ${a.target_ids.length} 条账单（${ids}）：${describeFields(a.update_fields, locale)}`;
      }
      if (a.mode === 'preview_write')
        return en
          ? `Preview a batch ${a.operation ?? 'change'}: ${a.message}`
          : `预览批量${a.operation === 'delete' ? '删除' : '修改'}：${a.message}`;
      return en ? `Query the ledger: ${a.message}` : `查询账单：${a.message}`;
    },
    async run(a, c) {
      if (a.mode === 'execute') {
        const out = await svc.execute(
          { message: a.message, conversation_context: a.conversation_context },
          call(c),
        );
        // The model reads at most MODEL_ROWS rows; the UI gets them all in output_data.
        const forModel =
          out.rows.length > MODEL_ROWS
            ? {
                ...out,
                rows: out.rows.slice(0, MODEL_ROWS),
                note: `只显示前 ${MODEL_ROWS} 行，共 ${out.row_count} 行 (first ${MODEL_ROWS} of ${out.row_count} rows)`,
              }
            : out;
        return { output: json(forModel), output_data: out };
      }
      if (!a.operation)
        throw new PaiError(
          'VALIDATION_FAILED',
          `mode=${a.mode} 需要 operation=update|delete (operation is required)`,
        );
      if (a.mode === 'preview_write') {
        const out = await svc.previewWrite(
          {
            message: a.message,
            conversation_context: a.conversation_context,
            operation: a.operation,
            update_fields: a.update_fields,
            preview_limit: a.preview_limit,
          },
          call(c),
        );
        return { output: json(out), output_data: out };
      }
      if (a.expected_count === undefined)
        throw new PaiError(
          'VALIDATION_FAILED',
          'commit_write_by_ids 需要 expected_count (expected_count is required)',
        );
      const out = svc.commitWriteByIds(
        {
          operation: a.operation,
          target_ids: a.target_ids,
          expected_count: a.expected_count,
          update_fields: a.update_fields,
        },
        call(c),
      );
      return { output: json(out), output_data: out };
    },
  });
  return [tool];
}
