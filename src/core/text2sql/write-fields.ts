import { z } from 'zod';
import { PaiError, formatZodError } from '../../shared/errors';
import { toMinor } from '../money';
import { parseLocalDateTime } from '../time';
import type { LedgerRow } from '../ledger/service';

/** A ledger row as stored (the ledger domain's own type). */
export type { LedgerRow } from '../ledger/service';

/** The fields a batch update may set (the same for every target row). */
export const updateFieldsSchema = z
  .object({
    category: z.string().trim().min(1).max(64).optional().describe('新分类 (new category)'),
    item: z.string().trim().min(1).max(200).optional().describe('新条目 (new item)'),
    amount: z.number().finite().optional().describe('新金额 (new amount, decimal)'),
    transaction_date: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe('新的消费时间，本地时间 (new local time)'),
  })
  .strict();
export type UpdateFields = z.infer<typeof updateFieldsSchema>;

/** Validates update_fields for an update: at least one field, each readable. */
export function normalizeFields(raw: unknown, zone: string): UpdateFields {
  const parsed = updateFieldsSchema.safeParse(raw ?? {});
  if (!parsed.success)
    throw new PaiError('VALIDATION_FAILED', `update_fields: ${formatZodError(parsed.error)}`);
  const f = parsed.data;
  const out: UpdateFields = {};
  if (f.category !== undefined) out.category = f.category;
  if (f.item !== undefined) out.item = f.item;
  if (f.amount !== undefined) out.amount = f.amount;
  if (f.transaction_date !== undefined) {
    parseLocalDateTime(f.transaction_date, zone, 'update_fields.transaction_date');
    out.transaction_date = f.transaction_date;
  }
  if (Object.keys(out).length === 0) {
    throw new PaiError(
      'VALIDATION_FAILED',
      'update 需要 update_fields，例如 {"category":"出行"} (update needs update_fields)',
    );
  }
  return out;
}

export function applyFields(r: LedgerRow, f: UpdateFields, zone: string): LedgerRow {
  return {
    ...r,
    category: f.category ?? r.category,
    item: f.item ?? r.item,
    amount_minor: f.amount !== undefined ? toMinor(f.amount, r.currency) : r.amount_minor,
    transaction_at:
      f.transaction_date !== undefined
        ? parseLocalDateTime(f.transaction_date, zone, 'transaction_date')!
        : r.transaction_at,
  };
}

/** What the person saw in the preview; any change to it (by anyone) blocks the commit. */
export function fingerprint(r: LedgerRow): string {
  return JSON.stringify([
    r.amount_minor,
    r.currency,
    r.category,
    r.item,
    r.image_url,
    r.transaction_at,
    r.updated_at,
  ]);
}

export function sameFields(a: UpdateFields, b: UpdateFields): boolean {
  const canon = (f: UpdateFields) =>
    JSON.stringify(Object.entries(f).sort(([x], [y]) => x.localeCompare(y)));
  return canon(a) === canon(b);
}
