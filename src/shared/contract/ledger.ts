import { z } from 'zod';
import { op } from './define';
import { dateTimeTextSchema, emptySchema, idSchema } from './common';

/** Decimal money as the API speaks it; stored as integer minor units. */
export const amountSchema = z
  .number({ error: 'amount must be a number' })
  .finite()
  .refine((n) => Math.abs(n) < 1e12, 'amount is too large');

export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, 'currency must be a 3-letter ISO code such as CNY');

export const ledgerEntrySchema = z.object({
  id: idSchema,
  user_id: idSchema,
  amount: z.number(),
  currency: z.string(),
  category: z.string(),
  item: z.string(),
  image_url: z.string(),
  /** ISO 8601 with the local offset, e.g. 2026-04-06T12:30:00+08:00 */
  transaction_date: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerListInputSchema = z
  .object({
    ledger_ids: z.array(idSchema).max(1000).optional(),
    start_at: dateTimeTextSchema.optional(),
    end_at: dateTimeTextSchema.optional(),
    category: z.string().trim().max(64).optional(),
    item_like: z.string().trim().max(128).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).optional(),
  })
  .strict();
export type LedgerListInput = z.infer<typeof ledgerListInputSchema>;

export const ledgerCreateInputSchema = z
  .object({
    amount: amountSchema,
    currency: currencySchema.optional(),
    category: z.string().trim().max(64).optional(),
    item: z.string().trim().max(200).optional(),
    transaction_date: dateTimeTextSchema.optional(),
    image_url: z.string().trim().max(2048).optional(),
  })
  .strict();
export type LedgerCreateInput = z.infer<typeof ledgerCreateInputSchema>;

export const ledgerPatchSchema = ledgerCreateInputSchema.partial().strict();

export const ledgerSummarySchema = z.object({
  currency: z.string(),
  total: z.number(),
  count: z.number().int(),
  by_category: z.array(
    z.object({ category: z.string(), total: z.number(), count: z.number().int() }),
  ),
  /** month is YYYY-MM in the person's time zone */
  by_month: z.array(z.object({ month: z.string(), total: z.number(), count: z.number().int() })),
});
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;

export const ledgerOps = {
  'ledger.list': op(
    ledgerListInputSchema,
    z.object({ entries: z.array(ledgerEntrySchema), total: z.number().int() }),
  ),
  'ledger.get': op(z.object({ id: idSchema }).strict(), ledgerEntrySchema),
  'ledger.create': op(ledgerCreateInputSchema, ledgerEntrySchema),
  'ledger.update': op(
    z.object({ id: idSchema, patch: ledgerPatchSchema }).strict(),
    ledgerEntrySchema,
  ),
  'ledger.delete': op(
    z.object({ id: idSchema }).strict(),
    z.object({ deleted: ledgerEntrySchema, undo_token: z.string() }),
  ),
  'ledger.undoDelete': op(
    z.object({ undo_token: z.string().min(1).max(200) }).strict(),
    ledgerEntrySchema,
  ),
  'ledger.summary': op(
    z
      .object({
        start_at: dateTimeTextSchema.optional(),
        end_at: dateTimeTextSchema.optional(),
        currency: currencySchema.optional(),
      })
      .strict(),
    ledgerSummarySchema,
  ),
  'ledger.categories': op(emptySchema, z.array(z.string())),
};
