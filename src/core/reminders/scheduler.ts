import type { Clock } from '../clock';
import type { EventBus } from '../events';
import type { DuePolicy, ScheduleService } from '../schedule';

export interface SchedulerOptions {
  /** Overdue by at most this much at start-up or wake: still fires, marked late. Default 10 min. */
  graceMs?: number;
  /** Fired more than this after its time is reported as late. Default 60 s. */
  lateMs?: number;
  /** The loop wakes at least this often to notice wall-clock jumps (sleep, clock changes). Default 30 s. */
  tickMs?: number;
  /** A wake this much later than planned is treated as a resume from sleep. Default 5 s. */
  driftMs?: number;
}

export type PassReason = 'start' | 'timer' | 'tick' | 'resume';

/** setTimeout's largest delay (2^31-1 ms, about 24.8 days); longer waits are re-armed in steps. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const DEFAULTS: Required<SchedulerOptions> = {
  graceMs: 10 * 60_000,
  lateMs: 60_000,
  tickMs: 30_000,
  driftMs: 5_000,
};

/**
 * One due-time loop for every reminder, one-shot or recurring: a single
 * timer set to the earliest due instant (from the database), re-armed after
 * each pass and on every change to a reminder. The wait is capped at tickMs,
 * so the same timer doubles as the periodic check that notices the machine
 * slept or the clock jumped: Node's timers run on a monotonic clock that
 * stops during suspend, so a wall-clock jump shows up as a late wake.
 *
 * What fires and what is missed is decided by ScheduleService.processDue in
 * one transaction per batch; this class only decides when to ask and turns
 * the outcome into push events (one `reminder.fired` per delivery, one
 * `reminder.missed` summary per pass).
 */
export class ReminderScheduler {
  private readonly opts: Required<SchedulerOptions>;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private plannedWake = 0;
  private plannedReason: PassReason = 'tick';
  private running = false;
  private inPass = false;
  private unsubscribe: (() => void) | null = null;
  private lastPass: { reason: PassReason; at: number } | null = null;

  constructor(
    private readonly d: { schedule: ScheduleService; clock: Clock; events: EventBus },
    opts: SchedulerOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...opts };
    this.opts.tickMs = Math.min(this.opts.tickMs, MAX_TIMER_MS);
  }

  get policy(): DuePolicy {
    return { graceMs: this.opts.graceMs, lateMs: this.opts.lateMs };
  }

  /** Catches up on what came due while the app was closed, then arms the loop. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.d.events.on('data.changed', (p) => {
      if (p.domain === 'schedule' && !this.inPass) this.arm();
    });
    this.pass('start');
    this.arm();
  }

  stop(): void {
    this.running = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.clear();
  }

  /** For the shell's powerMonitor 'resume' event: catch up now rather than at the next tick. */
  resumeFromSleep(): void {
    if (!this.running) return;
    this.pass('resume');
    this.arm();
  }

  /** Timers this scheduler holds (the design says one, whatever the number of reminders). */
  timersHeld(): number {
    return this.timer ? 1 : 0;
  }

  /** When the loop will next wake (epoch ms on the app clock), null when stopped. */
  nextWakeAt(): number | null {
    return this.timer ? this.plannedWake : null;
  }

  lastPassInfo(): { reason: PassReason; at: number } | null {
    return this.lastPass;
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private arm(): void {
    if (!this.running) return;
    this.clear();
    const now = this.d.clock.now();
    const due = this.d.schedule.earliestDue();
    const untilDue = due === null ? Infinity : Math.max(0, due - now);
    const wait = Math.min(untilDue, this.opts.tickMs, MAX_TIMER_MS);
    this.plannedWake = now + wait;
    this.plannedReason = untilDue <= wait ? 'timer' : 'tick';
    const t = setTimeout(() => this.wake(), wait);
    // The loop alone must not keep a process alive (the window, tray or server do that).
    if (typeof t === 'object' && t && 'unref' in t && typeof t.unref === 'function') t.unref();
    this.timer = t;
  }

  private wake(): void {
    this.timer = null;
    if (!this.running) return;
    const now = this.d.clock.now();
    const drift = now - this.plannedWake;
    if (drift > this.opts.driftMs || drift < -this.opts.driftMs) this.pass('resume');
    else if (this.plannedReason === 'timer' || (this.d.schedule.earliestDue() ?? Infinity) <= now)
      this.pass('timer');
    this.arm();
  }

  private pass(reason: PassReason): void {
    if (this.inPass) return;
    this.inPass = true;
    try {
      const now = this.d.clock.now();
      this.lastPass = { reason, at: now };
      const out = this.d.schedule.processDue(now, this.policy);
      for (const f of out.fired) this.d.events.emit('reminder.fired', f);
      if (out.missed.length > 0) {
        this.d.events.emit('reminder.missed', {
          count: out.missed.reduce((n, m) => n + m.occurrences, 0),
          items: out.missed,
        });
      }
    } catch (e) {
      // A broken pass must not stop the loop; the next wake tries again.
      console.error('[reminders] pass failed:', e instanceof Error ? e.message : e);
    } finally {
      this.inPass = false;
    }
  }
}
