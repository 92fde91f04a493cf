import type { z } from 'zod';
import type { Db } from '../db/connection';
import { generalSettingsSchema, type GeneralSettings } from '../../shared/contract';

/**
 * Key/value settings, each key validated by its owner's zod schema on read and
 * write, so a bad value is refused and a corrupt stored one falls back to the default.
 */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly defaults: GeneralSettings,
  ) {}

  // Parsed values by key: settings are read on every call (time zone, currency)
  // and only ever written through set(), which refreshes the entry.
  private readonly cache = new Map<string, { schema: z.ZodType; value: unknown }>();

  /** Forgets cached values, after the rows were replaced underneath (restore, full import). */
  invalidate(): void {
    this.cache.clear();
  }

  get<S extends z.ZodType>(key: string, schema: S, fallback: z.output<S>): z.output<S> {
    const hit = this.cache.get(key);
    if (hit && hit.schema === schema) return hit.value as z.output<S>;
    const value = this.read(key, schema, fallback);
    this.cache.set(key, { schema, value });
    return value;
  }

  private read<S extends z.ZodType>(key: string, schema: S, fallback: z.output<S>): z.output<S> {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as
      { value: string } | undefined;
    if (!row) return fallback;
    try {
      const parsed = schema.safeParse(JSON.parse(row.value));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }

  set<S extends z.ZodType>(key: string, schema: S, value: unknown): z.output<S> {
    const parsed = schema.parse(value);
    this.db
      .prepare(
        `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'))
         ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(key, JSON.stringify(parsed));
    this.cache.set(key, { schema, value: parsed });
    return parsed;
  }

  general(): GeneralSettings {
    return this.get('general', generalSettingsSchema, this.defaults);
  }

  updateGeneral(patch: Partial<GeneralSettings>): GeneralSettings {
    return this.set('general', generalSettingsSchema, { ...this.general(), ...patch });
  }
}
