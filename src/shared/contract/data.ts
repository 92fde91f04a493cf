import { z } from 'zod';
import { op } from './define';
import { emptySchema } from './common';

/** Largest CSV text accepted in one call (the renderer reads the file and sends its text). */
export const MAX_CSV_CHARS = 10_000_000;

/** A CSV column: its 0-based index, or its header text when the file has a header row. */
export const csvColumnSchema = z.union([
  z.number().int().min(0).max(500),
  z.string().trim().min(1).max(200),
]);

export const csvMappingSchema = z
  .object({
    transaction_date: csvColumnSchema,
    amount: csvColumnSchema,
    item: csvColumnSchema.optional(),
    category: csvColumnSchema.optional(),
    currency: csvColumnSchema.optional(),
  })
  .strict();
export type CsvMapping = z.infer<typeof csvMappingSchema>;

const csvInputBase = {
  csv: z.string().max(MAX_CSV_CHARS),
  /** Column mapping; the preview suggests one from the header when omitted. */
  mapping: csvMappingSchema.optional(),
  /** Whether the first row is a header; detected when omitted. */
  has_header: z.boolean().optional(),
};

export const csvRowSchema = z.object({
  /** 1-based line in the file */
  line: z.number().int(),
  cells: z.array(z.string()),
  entry: z
    .object({
      amount: z.number(),
      currency: z.string(),
      category: z.string(),
      item: z.string(),
      transaction_date: z.string(),
    })
    .optional(),
  error: z.string().optional(),
  /** Same time, amount and item as a row already in the ledger. */
  duplicate: z.boolean(),
});
export type CsvRow = z.infer<typeof csvRowSchema>;

export const csvPreviewSchema = z.object({
  has_header: z.boolean(),
  headers: z.array(z.string()),
  mapping: csvMappingSchema.nullable(),
  /** The first rows as read, and what each would create. */
  rows: z.array(csvRowSchema),
  totals: z.object({
    rows: z.number().int(),
    valid: z.number().int(),
    invalid: z.number().int(),
    duplicates: z.number().int(),
  }),
});
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

export const backupInfoSchema = z.object({
  name: z.string(),
  kind: z.enum(['auto', 'manual', 'pre-restore']),
  /** ISO with offset */
  created_at: z.string(),
  bytes: z.number().int(),
});
export type BackupInfo = z.infer<typeof backupInfoSchema>;

export const backupNameSchema = z
  .string()
  .regex(
    /^(?:pai-(?:auto|manual)|pre-restore)-\d{8}-\d{6}(?:-\d+)?\.db$/,
    'not a backup file name',
  );

export const dataOps = {
  /** Writes an export file into <dataDir>/exports/ and says where. */
  'data.export': op(
    z.object({ format: z.enum(['json', 'ledger_csv']) }).strict(),
    z.object({ path: z.string(), bytes: z.number().int(), rows: z.number().int() }),
  ),
  'data.importCsvPreview': op(
    z.object({ ...csvInputBase, limit: z.number().int().min(1).max(200).optional() }).strict(),
    csvPreviewSchema,
  ),
  'data.importCsv': op(
    z
      .object({
        ...csvInputBase,
        mapping: csvMappingSchema,
        skip_duplicates: z.boolean().optional(),
      })
      .strict(),
    z.object({
      created: z.number().int(),
      skipped_duplicates: z.number().int(),
      ids: z.array(z.number().int()),
    }),
  ),
  'backup.list': op(
    emptySchema,
    z.object({
      backups: z.array(backupInfoSchema),
      /** The last scheduled backup attempt, if any since start. */
      last_auto: z
        .object({ at: z.string(), ok: z.boolean(), error: z.string().optional() })
        .nullable(),
    }),
  ),
  'backup.create': op(emptySchema, backupInfoSchema),
  'backup.restore': op(
    z
      .object({
        name: backupNameSchema,
        /** The person confirmed replacing the current data. */
        confirm: z.literal(true, { error: 'restore needs confirm: true (恢复前需要确认)' }),
      })
      .strict(),
    z.object({ restored: z.string(), previous: backupInfoSchema }),
  ),
};
