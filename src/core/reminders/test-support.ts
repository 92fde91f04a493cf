// Test support for the schedule and reminder tests: a real app on a temp
// folder in an explicit zone, and a recorder of the push events it emits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type PaiApp } from '../app';
import type { ReminderFired, ReminderMissed } from '../../shared/contract';
import type { ToolContext } from '../tools/types';

export interface Recorder {
  fired: (ReminderFired & { at: number })[];
  missed: ReminderMissed[];
  stop(): void;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'pai-reminders-'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function openApp(dataDir: string, timeZone: string): PaiApp {
  return createApp({ dataDir, timeZone, locale: 'zh-CN', background: true });
}

/** Records reminder events with the app-clock time they arrived at. */
export function record(app: PaiApp): Recorder {
  const rec: Recorder = {
    fired: [],
    missed: [],
    stop: () => {},
  };
  const a = app.ctx.events.on('reminder.fired', (p) =>
    rec.fired.push({ ...p, at: app.ctx.clock.now() }),
  );
  const b = app.ctx.events.on('reminder.missed', (p) => rec.missed.push(p));
  rec.stop = () => {
    a();
    b();
  };
  return rec;
}

export function toolCtx(app: PaiApp): ToolContext {
  return {
    userId: 1,
    conversationId: null,
    locale: 'zh-CN',
    timeZone: app.ctx.timeZone(),
    imageUrls: [],
    actor: 'agent',
    platform: 'desktop',
  };
}

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
