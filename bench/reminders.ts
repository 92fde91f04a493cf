// The reminder loop with 10,000 pending reminders: timers held (goal: one),
// heap, time to catch up and arm at start-up, re-arm cost per change, and the
// fire lag of reminders coming due while the 10k wait (goal ≤ 1 s). Real
// timers and the real clock: this measures what a person would see.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/core/app';
import { figure, timeRuns } from './figure';

const PENDING = 10_000;
const DUE_SOON = 20;
const ZONE = 'Europe/Berlin';
const DAY = 86_400_000;

function heapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

export async function run(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'pai-bench-reminders-'));
  const app = createApp({ dataDir: dir, timeZone: ZONE, env: {}, background: true });
  try {
    const schedule = app.services.schedule;
    const now = Date.now();
    // A mix over the next 60 days: mostly one-shot, every tenth daily, every hundredth a weekday cron.
    const t0 = performance.now();
    app.ctx.db.transaction(() => {
      for (let i = 0; i < PENDING; i++) {
        const at = new Date(now + DAY / 2 + Math.floor((i / PENDING) * 60 * DAY)).toISOString();
        const repeat = i % 100 === 0 ? '30 8 * * 1-5' : i % 10 === 0 ? 'daily' : null;
        schedule.create(
          1,
          { content: `reminder ${i}`, trigger_time: at, repeat },
          { actor: 'system' },
        );
      }
    })();
    const insertMs = performance.now() - t0;
    app.ctx.db.exec('ANALYZE');

    const heapBefore = heapMb();
    const a0 = performance.now();
    await app.start();
    const armMs = performance.now() - a0;
    const timersHeld = app.services.reminders.timersHeld();
    const heapAfter = heapMb();

    // Each write re-arms the one timer: the cost of a change with 10k pending.
    const ids = schedule.listRecent(1, 200).map((r) => r.id);
    const rearm = timeRuns(200, (i) => {
      const at = new Date(now + 2 * DAY + i * 60_000).toISOString();
      schedule.update(1, ids[i % ids.length]!, { trigger_time: at }, { actor: 'system' });
    });
    const idle = timeRuns(200, () =>
      schedule.processDue(Date.now(), app.services.reminders.policy),
    );
    // What the powerMonitor hook costs: a catch-up pass plus re-arming the one timer.
    const resume = timeRuns(200, () => app.services.reminders.resumeFromSleep());

    // Reminders that come due while the 10k wait: how late does each fire?
    const lags: number[] = [];
    const stop = app.ctx.events.on('reminder.fired', (p) =>
      lags.push(Date.now() - p.occurrence_at),
    );
    const start = Date.now();
    for (let i = 0; i < DUE_SOON; i++) {
      const at = new Date(start + 1500 + i * 100).toISOString();
      schedule.create(1, { content: `soon ${i}`, trigger_time: at }, { actor: 'system' });
    }
    const deadline = start + 1500 + DUE_SOON * 100 + 10_000;
    while (lags.length < DUE_SOON && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    stop();
    lags.sort((x, y) => x - y);
    const timersWhileRunning = app.services.reminders.timersHeld();

    return {
      pending: PENDING,
      insert_10k: figure(insertMs, 'ms'),
      timers_held: figure(timersHeld, 'timers', { max: 1 }),
      timers_held_after_fires: figure(timersWhileRunning, 'timers', { max: 1 }),
      start_catch_up_and_arm: figure(armMs, 'ms'),
      heap_used_before_start: figure(heapBefore, 'MB'),
      heap_used_armed: figure(heapAfter, 'MB'),
      heap_growth_from_loop: figure(heapAfter - heapBefore, 'MB', { max: 5 }),
      // An edit commits with synchronous=FULL (one fsync), then re-arms: mostly the disk.
      update_and_rearm_p50: figure(rearm.p50, 'ms'),
      update_and_rearm_p95: figure(rearm.p95, 'ms'),
      update_and_rearm_cpu_mean: figure(rearm.cpu_mean, 'ms'),
      idle_pass_p50: figure(idle.p50, 'ms'),
      resume_pass_and_arm_p50: figure(resume.p50, 'ms', { max: 5 }),
      fired: figure(lags.length, 'of 20', { min: DUE_SOON }),
      fire_lag_p50: figure(lags[Math.floor(lags.length / 2)] ?? Infinity, 'ms', { max: 1000 }),
      fire_lag_max: figure(lags.at(-1) ?? Infinity, 'ms', { max: 1000 }),
    };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
