import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import { HumanMessage } from '@langchain/core/messages';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Embeddings } from '@langchain/core/embeddings';
import type { SettingsService } from '../../settings/service';
import type { ModelRegistry } from '../../module';
import {
  providerSettingsSchema,
  type Locale,
  type ProviderSettings,
  type ProviderState,
  type ProviderUpdate,
} from '../../../shared/contract';
import { PaiError } from '../../../shared/errors';
import { PROVIDER_PRESETS, preset } from './presets';
import { CHAT_API_KEY, type SecretStore } from './secrets';
import { classifyModelError } from './errors';
import { say } from '../messages';

const SETTINGS_KEY = 'providers';
export const MODEL_TIMEOUT_MS = 60_000;
/** Small: a turn should fail fast and say so rather than hang on retries. */
const MAX_RETRIES = 1;
/** Keyless local servers still need some key for the client. */
const PLACEHOLDER_KEY = 'not-needed';

interface Effective extends ProviderSettings {
  apiKey: string | null;
  fromEnv: ('baseURL' | 'chatModel' | 'apiKey')[];
}

/**
 * Model providers: settings (validated, in the settings table), the API key
 * (in the SecretStore, never in settings), and the ModelRegistry built from
 * them. Never constructs ChatOpenAI with streaming: true (that fetches
 * tokenizer data from the internet); callers stream with .stream().
 */
export class ProviderService implements ModelRegistry {
  private cache = new Map<string, BaseChatModel | Embeddings>();

  constructor(
    private readonly settings: SettingsService,
    private readonly secrets: SecretStore,
    private readonly env: NodeJS.ProcessEnv,
    private readonly locale: () => Locale,
  ) {}

  private stored(): ProviderSettings | null {
    return this.settings.get(SETTINGS_KEY, providerSettingsSchema.nullable(), null);
  }

  effective(): Effective {
    const s = this.stored();
    const envBase = this.env.OPENAI_BASE_URL?.trim() || '';
    const envModel = this.env.PAI_CHAT_MODEL?.trim() || '';
    const p = preset(s?.preset ?? (envBase ? 'custom' : 'openai'));
    const fromEnv: Effective['fromEnv'] = [];
    const pick = (
      stored: string | undefined,
      envV: string,
      def: string,
      field: 'baseURL' | 'chatModel',
    ): string => {
      if (stored) return stored;
      if (envV) {
        fromEnv.push(field);
        return envV;
      }
      return def;
    };
    const baseURL = pick(s?.baseURL, envBase, p.baseURL, 'baseURL');
    const chatModel = pick(s?.chatModel, envModel, p.chatModel, 'chatModel');
    const apiKey = this.secrets.get(CHAT_API_KEY);
    if (this.secrets.source(CHAT_API_KEY) === 'env') fromEnv.push('apiKey');
    return {
      preset: p.id,
      baseURL,
      chatModel,
      visionModel: s?.visionModel || p.visionModel,
      embeddingModel: s?.embeddingModel || p.embeddingModel,
      apiKey,
      fromEnv,
    };
  }

  state(): ProviderState {
    const e = this.effective();
    return {
      preset: e.preset,
      baseURL: e.baseURL,
      chatModel: e.chatModel,
      visionModel: e.visionModel,
      embeddingModel: e.embeddingModel,
      hasKey: !!e.apiKey,
      keySource: this.secrets.source(CHAT_API_KEY),
      configured: this.isConfigured(e),
      fromEnv: e.fromEnv,
      presets: [...PROVIDER_PRESETS],
    };
  }

  private isConfigured(e: Effective): boolean {
    return !!e.baseURL && !!e.chatModel && (!!e.apiKey || !preset(e.preset).needsKey);
  }

  /** Choosing a preset fills its defaults for fields not given. */
  update(patch: ProviderUpdate): ProviderState {
    const { apiKey, ...rest } = patch;
    const cur = this.stored() ?? { ...this.effective() };
    let next: ProviderSettings = {
      preset: cur.preset,
      baseURL: cur.baseURL,
      chatModel: cur.chatModel,
      visionModel: cur.visionModel,
      embeddingModel: cur.embeddingModel,
    };
    if (rest.preset && rest.preset !== cur.preset) {
      const p = preset(rest.preset);
      next = {
        preset: p.id,
        baseURL: p.baseURL,
        chatModel: p.chatModel,
        visionModel: p.visionModel,
        embeddingModel: p.embeddingModel,
      };
    }
    next = {
      ...next,
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
    };
    this.settings.set(SETTINGS_KEY, providerSettingsSchema, next);
    if (apiKey !== undefined) this.secrets.set(CHAT_API_KEY, apiKey.trim() || null);
    this.cache.clear();
    return this.state();
  }

  private build<T extends BaseChatModel | Embeddings>(
    kind: string,
    model: string,
    make: (e: Effective) => T,
  ): T | null {
    const e = this.effective();
    if (!this.isConfigured(e) || !model) return null;
    const sig = `${kind}|${e.baseURL}|${model}|${e.apiKey ?? ''}`;
    const hit = this.cache.get(sig);
    if (hit) return hit as T;
    const made = make(e);
    this.cache.set(sig, made);
    return made;
  }

  private chatModel(e: Effective, model: string): ChatOpenAI {
    return new ChatOpenAI({
      model,
      apiKey: e.apiKey || PLACEHOLDER_KEY,
      configuration: { baseURL: e.baseURL },
      timeout: MODEL_TIMEOUT_MS,
      maxRetries: MAX_RETRIES,
    });
  }

  chat(): BaseChatModel | null {
    const e = this.effective();
    return this.build('chat', e.chatModel, (x) => this.chatModel(x, x.chatModel));
  }

  vision(): BaseChatModel | null {
    const e = this.effective();
    return this.build('vision', e.visionModel, (x) => this.chatModel(x, x.visionModel));
  }

  embeddings(): Embeddings | null {
    const e = this.effective();
    return this.build(
      'embeddings',
      e.embeddingModel,
      (x) =>
        new OpenAIEmbeddings({
          model: x.embeddingModel,
          apiKey: x.apiKey || PLACEHOLDER_KEY,
          configuration: { baseURL: x.baseURL },
          timeout: MODEL_TIMEOUT_MS,
          maxRetries: MAX_RETRIES,
        }),
    );
  }

  /** One tiny request to the chat model. Throws NOT_CONFIGURED / PROVIDER_UNAVAILABLE / TIMEOUT. */
  async test(): Promise<{ ok: true; model: string; latency_ms: number }> {
    const locale = this.locale();
    const model = this.chat();
    if (!model) throw new PaiError('NOT_CONFIGURED', say('NOT_CONFIGURED', locale));
    const started = performance.now();
    const signal = AbortSignal.timeout(20_000);
    try {
      const stream = await model.stream([new HumanMessage('ping')], { signal });
      for await (const _chunk of stream) {
        // Drain: any answer proves the endpoint, key and model work.
      }
    } catch (e) {
      const err = classifyModelError(e, locale, signal.aborted);
      throw new PaiError(err.code, err.message);
    }
    return {
      ok: true,
      model: this.effective().chatModel,
      latency_ms: Math.round(performance.now() - started),
    };
  }
}
