import type { z } from 'zod';
import type { Contract, OpName, OpOutput } from '../shared/contract';
import type { Db } from './db/connection';
import type { Clock } from './clock';
import type { EventBus } from './events';
import type { AuditService, Actor } from './audit/service';
import type { SettingsService } from './settings/service';
import type { AnyToolDef } from './tools/types';
import type { ToolExecutor } from './tools/executor';
import type { Locale } from '../shared/contract';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Embeddings } from '@langchain/core/embeddings';
import type { SecretStore } from './agent/providers/secrets';

/**
 * The configured models (OpenAI-compatible endpoints from settings or env).
 * null means "not configured": callers say so plainly instead of failing.
 */
export interface ModelRegistry {
  chat(): BaseChatModel | null;
  vision(): BaseChatModel | null;
  embeddings(): Embeddings | null;
}

/** What a module adds to the agent's system prompt before a model call (recall, profile). */
export interface PromptContext {
  /** Marked as reference data, not instructions, by the agent. */
  section: string;
  /** What was used, so the chat can show it (e.g. memories). */
  used?: { kind: string; id: number; label: string }[];
}
export type PromptContextProvider = (args: {
  userId: number;
  conversationId: number | null;
  /** The latest user message and a little history, for relevance. */
  query: string;
  locale: Locale;
}) => Promise<PromptContext | null> | PromptContext | null;

/** Who is calling a handler; transports fill it in, never the caller's payload. */
export interface CallMeta {
  actor: Actor;
  userId: number;
}

export type Handler<K extends OpName> = (
  input: z.output<Contract[K]['input']>,
  meta: CallMeta,
) => Promise<OpOutput<K>> | OpOutput<K>;

export type Handlers = { [K in OpName]: Handler<K> };

export interface AppOptions {
  dataDir: string;
  /**
   * Fixed folder holding data-location.json (the pointer to a custom data folder):
   * the default data folder / Electron userData. Defaults to dataDir, so tests never touch the real one.
   */
  bootstrapDir?: string;
  clock?: Clock;
  /** IANA zone used until the person sets one; defaults to the system's (TZ). */
  timeZone?: string;
  locale?: Locale;
  env?: NodeJS.ProcessEnv;
  version?: string;
  /** Start background loops (scheduler, indexer). Off for one-shot CLI calls. */
  background?: boolean;
  /** Where API keys live (Electron: safeStorage). Default: environment, then memory. */
  secrets?: SecretStore;
  /** Replaces the provider-built models (tests, benchmarks with a scripted model). */
  models?: ModelRegistry;
  /** Limit of one model call, ms (default 60 s; tests shorten it). */
  modelTimeoutMs?: number;
}

/** What every domain module gets: the shared engine parts. */
export interface CoreContext {
  db: Db;
  dataDir: string;
  clock: Clock;
  events: EventBus;
  audit: AuditService;
  settings: SettingsService;
  tools: ToolExecutor;
  models: ModelRegistry;
  options: AppOptions;
  env: NodeJS.ProcessEnv;
  /** The person's current zone (settings, else system). */
  timeZone(): string;
  locale(): Locale;
  currency(): string;
}

/** A domain's contribution to the app. */
export interface PaiModule {
  name: string;
  handlers?: Partial<Handlers>;
  tools?: AnyToolDef[];
  promptContext?: PromptContextProvider;
  start?(): void | Promise<void>;
  stop?(): void | Promise<void>;
}
