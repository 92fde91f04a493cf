import { z } from 'zod';
import { op } from './define';
import { emptySchema } from './common';

export const PROVIDER_PRESET_IDS = [
  'openai',
  'deepseek',
  'qwen',
  'moonshot',
  'ollama',
  'lmstudio',
  'custom',
] as const;
export const providerPresetIdSchema = z.enum(PROVIDER_PRESET_IDS);
export type ProviderPresetId = z.infer<typeof providerPresetIdSchema>;

export const providerPresetSchema = z.object({
  id: providerPresetIdSchema,
  label: z.string(),
  baseURL: z.string(),
  chatModel: z.string(),
  visionModel: z.string(),
  embeddingModel: z.string(),
  /** Local servers (Ollama, LM Studio) accept any key. */
  needsKey: z.boolean(),
});
export type ProviderPreset = z.infer<typeof providerPresetSchema>;

const urlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(
    (s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s),
    'baseURL must start with http:// or https://',
  );
const modelSchema = z.string().trim().max(200);

/** Stored in settings (key "providers"). The API key is never stored here: see SecretStore. */
export const providerSettingsSchema = z.object({
  preset: providerPresetIdSchema,
  baseURL: urlSchema,
  chatModel: modelSchema,
  visionModel: modelSchema,
  embeddingModel: modelSchema,
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/** What the UI sees: settings as in effect (env overrides applied), and whether a key exists; never the key. */
export const providerStateSchema = providerSettingsSchema.extend({
  hasKey: z.boolean(),
  keySource: z.enum(['env', 'store']).nullable(),
  /** Chat is usable: a base URL and model, and a key when the preset needs one. */
  configured: z.boolean(),
  /** Fields currently taken from environment variables (OPENAI_BASE_URL, PAI_CHAT_MODEL, OPENAI_API_KEY). */
  fromEnv: z.array(z.enum(['baseURL', 'chatModel', 'apiKey'])),
  presets: z.array(providerPresetSchema),
});
export type ProviderState = z.infer<typeof providerStateSchema>;

export const providerUpdateSchema = providerSettingsSchema
  .partial()
  .extend({
    /** Written to the secret store; '' removes it. Never echoed back. */
    apiKey: z.string().max(500).optional(),
  })
  .strict();
export type ProviderUpdate = z.infer<typeof providerUpdateSchema>;

export const providerOps = {
  'providers.get': op(emptySchema, providerStateSchema),
  'providers.update': op(providerUpdateSchema, providerStateSchema),
  /** One tiny chat request. Errors: NOT_CONFIGURED, PROVIDER_UNAVAILABLE, TIMEOUT. */
  'providers.test': op(
    emptySchema,
    z.object({ ok: z.literal(true), model: z.string(), latency_ms: z.number() }),
  ),
};
