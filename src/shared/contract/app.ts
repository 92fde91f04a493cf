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
  'settings.get': op(emptySchema, generalSettingsSchema),
  'settings.update': op(generalSettingsSchema.partial().strict(), generalSettingsSchema),
};
