import { z } from 'zod';
import { op } from './define';
import { emptySchema, localeSchema } from './common';

export const generalSettingsSchema = z.object({
  locale: localeSchema,
  /** IANA zone, e.g. Asia/Shanghai */
  timeZone: z.string().min(1).max(64),
  currency: z.string().regex(/^[A-Z]{3}$/),
  categories: z.array(z.string().trim().min(1).max(32)).max(100),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** Absolute on POSIX (/…) or Windows (C:\… or \\server\…); checked again in core. */
const absolutePathSchema = z
  .string()
  .trim()
  .min(1)
  .max(1024)
  .refine((p) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(p) && !p.includes('\0'), {
    message: '请填写完整的文件夹路径 (must be an absolute folder path)',
  });

export const dataDirInfoSchema = z.object({
  /** The folder this running app uses. */
  current: z.string(),
  /** The folder recorded for the next start, or null (default folder). */
  pointer: z.string().nullable(),
  default: z.string(),
});
export type DataDirInfo = z.infer<typeof dataDirInfoSchema>;

export const appOps = {
  'app.info': op(
    emptySchema,
    z.object({
      version: z.string(),
      dataDir: z.string(),
      timeZone: z.string(),
      locale: localeSchema,
    }),
  ),
  'app.dataDir.get': op(emptySchema, dataDirInfoSchema),
  /** Records a new data folder (optionally copying the data there); takes effect after a restart. */
  'app.dataDir.set': op(
    z.object({ path: absolutePathSchema, move: z.boolean() }).strict(),
    z.object({ restart_required: z.literal(true), path: z.string() }),
  ),
  'settings.get': op(emptySchema, generalSettingsSchema),
  'settings.update': op(generalSettingsSchema.partial().strict(), generalSettingsSchema),
};
