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
  clock?: Clock;
  /** IANA zone used until the person sets one; defaults to the system's (TZ). */
  timeZone?: string;
  locale?: Locale;
  env?: NodeJS.ProcessEnv;
  version?: string;
  /** Start background loops (scheduler, indexer). Off for one-shot CLI calls. */
  background?: boolean;
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
  start?(): void | Promise<void>;
  stop?(): void | Promise<void>;
}
