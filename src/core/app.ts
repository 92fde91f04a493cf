import { join } from 'node:path';
import { contract, OP_NAMES, type InvokeResult, type OpName } from '../shared/contract';
import { PaiError, toEnvelope } from '../shared/errors';
import { openDatabase, type Db } from './db/connection';
import { migrate } from './db/migrate';
import { systemClock, systemTimeZone } from './clock';
import { EventBus } from './events';
import { AuditService } from './audit/service';
import { SettingsService } from './settings/service';
import { appModule } from './settings/handlers';
import { DataDirService, dataDirModule } from './datadir';
import { ToolExecutor } from './tools/executor';
import { LedgerService } from './ledger/service';
import { ledgerModule } from './ledger/handlers';
import { ledgerTools } from './tools/ledger-tools';
import { QuickAddService, quickAddModule } from './quickadd';
import { BackupService, backupModule } from './backup';
import { DataService, dataModule } from './dataio';
import { ScheduleService } from './schedule';
import { scheduleModule } from './schedule/handlers';
import { scheduleTools } from './tools/schedule-tools';
import { ReminderScheduler, remindersModule } from './reminders';
import { scheduleReminderSink } from './schedule/reminder-sink';
import { Text2SqlService } from './text2sql/service';
import { text2sqlTools } from './tools/text2sql-tools';
import { ImageStore } from './vision/image-ref';
import { OcrEngine } from './vision/ocr';
import { VisionService } from './vision/service';
import { visionTools } from './tools/vision-tools';
import { ReceiptsService } from './receipts/service';
import { receiptsModule } from './receipts/handlers';
import { createMemory, deactivateOnProfileChange, memoryModule, type MemoryParts } from './memory';
import { memoryTools } from './tools/memory-tools';
import { idleLearnTrigger, type IdleLearnTrigger } from './memory/idle-trigger';
import { DB_FILE } from './paths';
import { createMcpServices, MemorySecretStore, type McpServices } from './mcp';
import { mcpModule } from './mcp/handlers';
import { createAgentDomain, EnvSecretStore, ProviderService, type AgentDomain } from './agent';
import type { AppOptions, CallMeta, CoreContext, Handlers, PaiModule } from './module';

export type { AppOptions, CallMeta, Handlers } from './module';

export const LOCAL_USER_ID = 1;

export interface PaiApp {
  ctx: CoreContext;
  handlers: Handlers;
  services: Services;
  /** Parses input with the contract, runs the handler, returns a result envelope. Never throws. */
  dispatch(name: string, input: unknown, meta?: Partial<CallMeta>): Promise<InvokeResult<unknown>>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface Services {
  ledger: LedgerService;
  mcp: McpServices;
  providers: ProviderService;
  conversations: AgentDomain['conversations'];
  profile: AgentDomain['profile'];
  chat: AgentDomain['chat'];
  quickAdd: QuickAddService;
  backups: BackupService;
  data: DataService;
  schedule: ScheduleService;
  reminders: ReminderScheduler;
  text2sql: Text2SqlService;
  vision: VisionService;
  receipts: ReceiptsService;
  /** memory.service, .indexer (background embeddings), .learner (onConversationIdle). */
  memory: MemoryParts;
  /** Arms learning when a conversation goes quiet (memory settings: learnIdleMinutes, learnEnabled). */
  idleLearn: IdleLearnTrigger;
}

/** Registers handlers; a name registered twice is a programming error. */
export function mergeHandlers(modules: PaiModule[]): Handlers {
  const out: Partial<Record<string, unknown>> = {};
  for (const m of modules) {
    for (const [name, h] of Object.entries(m.handlers ?? {})) {
      if (name in out) throw new Error(`Duplicate handler for ${name} (module ${m.name})`);
      out[name] = h;
    }
  }
  const missing = OP_NAMES.filter((n) => !(n in out));
  if (missing.length)
    throw new Error(`Contract operations without a handler: ${missing.join(', ')}`);
  return out as Handlers;
}

export function createApp(options: AppOptions): PaiApp {
  const env = options.env ?? process.env;
  const db: Db = openDatabase(join(options.dataDir, DB_FILE));
  try {
    migrate(db);
  } catch (e) {
    db.close();
    throw e;
  }
  const clock = options.clock ?? systemClock;
  const events = new EventBus();
  const audit = new AuditService(db);
  const settings = new SettingsService(db, {
    locale: options.locale ?? 'zh-CN',
    timeZone: options.timeZone ?? systemTimeZone(),
    currency: 'CNY',
    categories: ['餐饮', '交通', '购物', '日用', '娱乐', '居住', '医疗', '教育', '其他'],
  });
  const tools = new ToolExecutor(db, clock);
  // Restore and full import replace rows underneath the settings cache.
  events.on('data.changed', (p) => {
    if (p.domain === '*') settings.invalidate();
  });
  const providers = new ProviderService(
    settings,
    options.secrets ?? new EnvSecretStore(env),
    env,
    () => settings.general().locale,
  );
  const ctx: CoreContext = {
    db,
    dataDir: options.dataDir,
    clock,
    events,
    audit,
    settings,
    tools,
    models: options.models ?? providers,
    options,
    env,
    timeZone: () => settings.general().timeZone,
    locale: () => settings.general().locale,
    currency: () => settings.general().currency,
  };

  const ledger = new LedgerService({
    db,
    clock,
    audit,
    events,
    timeZone: ctx.timeZone,
    defaultCurrency: ctx.currency,
  });
  // MCP env/header values and the search API key: the shell's store when given, else
  // in memory + PAI_SECRET_* env. Never the database.
  const mcp = createMcpServices(ctx, options.secrets ?? new MemorySecretStore(env));
  const agent = createAgentDomain(ctx, providers, () =>
    modules.flatMap((m) => (m.promptContext ? [m.promptContext] : [])),
  );
  const schedule = new ScheduleService({ db, clock, audit, events, timeZone: ctx.timeZone });
  const reminders = new ReminderScheduler({ schedule, clock, events });
  const quickAdd = new QuickAddService({
    clock,
    ledger,
    reminders: scheduleReminderSink(schedule),
    timeZone: ctx.timeZone,
    currency: ctx.currency,
    categories: () => settings.general().categories,
  });
  const backups = new BackupService({
    db,
    dbFile: join(options.dataDir, DB_FILE),
    dataDir: options.dataDir,
    clock,
    timeZone: ctx.timeZone,
    events,
    migrate: (restored) => migrate(restored),
    // Other modules' loops hold state read from the old data: stop them around a restore.
    lifecycle: {
      stop: async () => {
        for (const m of [...modules].reverse()) if (m.name !== 'backup') await m.stop?.();
      },
      start: async () => {
        settings.invalidate();
        if (!started) return;
        for (const m of modules) if (m.name !== 'backup') await m.start?.();
      },
    },
  });
  const data = new DataService({
    db,
    dataDir: options.dataDir,
    clock,
    events,
    ledger,
    timeZone: ctx.timeZone,
    currency: ctx.currency,
    appVersion: options.version ?? '0.1.0',
  });
  const text2sql = new Text2SqlService({
    db,
    dbFile: join(options.dataDir, DB_FILE),
    clock,
    audit,
    events,
    ledger,
    timeZone: ctx.timeZone,
    currency: ctx.currency,
    categories: () => ledger.categories(LOCAL_USER_ID, settings.general().categories),
    chatModel: () => ctx.models.chat(),
  });
  const imageStore = new ImageStore(options.dataDir);
  const vision = new VisionService({
    store: imageStore,
    ocr: new OcrEngine(join(options.dataDir, 'cache')),
    visionModel: () => ctx.models.vision(),
  });
  const receipts = new ReceiptsService({
    db,
    events,
    ledger,
    vision,
    store: imageStore,
    timeZone: ctx.timeZone,
    currency: ctx.currency,
    now: () => clock.now(),
  });
  const memory = createMemory(ctx);
  // update_user_profile (reference 000): a new nickname / assistant name retires conflicting identity memories.
  agent.profile.onChanged(deactivateOnProfileChange(memory.service));
  const idleLearn = idleLearnTrigger(ctx, memory, agent.conversations);
  const services: Services = {
    ledger,
    providers,
    ...agent,
    quickAdd,
    backups,
    data,
    schedule,
    reminders,
    mcp,
    text2sql,
    vision,
    receipts,
    memory,
    idleLearn,
  };

  const modules: PaiModule[] = [
    appModule(ctx),
    dataDirModule(
      new DataDirService({
        db,
        dataDir: options.dataDir,
        bootstrapDir: options.bootstrapDir ?? options.dataDir,
      }),
    ),
    ledgerModule(ctx, ledger),
    { name: 'ledger-tools', tools: ledgerTools(ctx, ledger) },
    mcpModule(ctx, mcp),
    ...agent.modules,
    quickAddModule(quickAdd),
    dataModule(data),
    backupModule(backups, { background: options.background !== false }),
    scheduleModule(schedule),
    { name: 'schedule-tools', tools: scheduleTools(ctx, schedule) },
    remindersModule(ctx, reminders),
    { name: 'text2sql', tools: text2sqlTools(ctx, text2sql), stop: () => text2sql.close() },
    { name: 'vision', tools: visionTools(ctx, vision) },
    receiptsModule(ctx, receipts, () => vision.close()),
    memoryModule(ctx, memory.service, memory.indexer),
    { name: 'memory-tools', tools: memoryTools(ctx, memory.service) },
    idleLearn.module,
  ];
  const handlers = mergeHandlers(modules);
  for (const m of modules) if (m.tools) tools.register(...m.tools);

  let started = false;
  let closed = false;
  return {
    ctx,
    handlers,
    services,
    async dispatch(name, input, meta) {
      try {
        if (!Object.hasOwn(contract, name))
          throw new PaiError('UNKNOWN_OPERATION', `Unknown operation: ${name}`);
        const op = contract[name as OpName];
        const parsed = op.input.safeParse(input ?? {});
        if (!parsed.success) throw parsed.error;
        const handler = handlers[name as OpName] as (i: unknown, m: CallMeta) => unknown;
        const data = await handler(parsed.data, {
          actor: meta?.actor ?? 'user',
          userId: meta?.userId ?? LOCAL_USER_ID,
        });
        return { ok: true, data };
      } catch (e) {
        return { ok: false, error: toEnvelope(e) };
      }
    },
    async start() {
      if (started) return;
      started = true;
      for (const m of modules) await m.start?.();
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const m of [...modules].reverse()) await m.stop?.();
      db.close();
    },
  };
}
