// Native notifications for reminders, shown from the main process so they
// appear even when the window is closed (the engine keeps running). The core
// only emits `reminder.fired` / `reminder.missed`; this file turns them into
// OS notifications. Clicking opens the reminder in the app; Complete and
// Snooze 10 min are offered as notification actions where the OS supports
// them (macOS); elsewhere the window's in-app toast has the same buttons.
import { Notification, powerMonitor, type BrowserWindow } from 'electron';
import type { PaiApp } from '../core/app';
import type { EventPayload, Locale } from '../shared/contract';

const TEXT: Record<
  Locale,
  {
    title: (content: string) => string;
    at: (time: string, late: boolean) => string;
    complete: string;
    snooze: string;
    close: string;
    missedTitle: (n: number) => string;
    more: (n: number) => string;
  }
> = {
  'zh-CN': {
    title: (c) => `提醒：${c}`,
    at: (t, late) => (late ? `时间 ${t}（开机/唤醒后补发）` : `时间 ${t}`),
    complete: '完成',
    snooze: '10 分钟后',
    close: '关闭',
    missedTitle: (n) => `错过了 ${n} 个提醒`,
    more: (n) => `以及另外 ${n} 个`,
  },
  en: {
    title: (c) => `Reminder: ${c}`,
    at: (t, late) => (late ? `At ${t} (delivered after start-up or wake)` : `At ${t}`),
    complete: 'Complete',
    snooze: 'Snooze 10 min',
    close: 'Close',
    missedTitle: (n) => `You missed ${n} reminder(s)`,
    more: (n) => `and ${n} more`,
  },
};

const SHOWN_MISSED = 3;

/** "2026-04-07T09:30:00+08:00" → "2026-04-07 09:30" (the reminder's wall time as set). */
function wallText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** Brings the window up (creating it if needed) and routes it to `hash`, e.g. `#/schedule/42`. */
export function openInWindow(win: BrowserWindow | null | undefined, hash: string): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  const go = () =>
    void win.webContents
      .executeJavaScript(`window.location.hash = ${JSON.stringify(hash)}`)
      .catch(() => undefined);
  if (win.webContents.isLoading()) win.webContents.once('did-finish-load', go);
  else go();
}

/**
 * Shows reminder events as native notifications. `showWindow` must show (or
 * create) the main window and return it. Returns the unbinding function.
 */
export function bindReminderNotifications(
  pai: PaiApp,
  showWindow: () => BrowserWindow | null | undefined,
  /** True while the person paused notifications from the tray; reminders still fire in the app. */
  isPaused: () => boolean = () => false,
): () => void {
  if (!Notification.isSupported()) return () => undefined;
  // Referenced until closed: a notification that is garbage-collected loses its click handler.
  const live = new Set<Notification>();
  const keep = (n: Notification) => {
    if (isPaused()) return;
    live.add(n);
    const drop = () => live.delete(n);
    n.on('close', drop);
    n.on('failed', drop);
    n.show();
  };
  const text = () => TEXT[pai.ctx.locale()] ?? TEXT['zh-CN'];

  const onFired = (p: EventPayload<'reminder.fired'>) => {
    const t = text();
    const n = new Notification({
      title: t.title(p.content),
      body: t.at(wallText(p.trigger_time), p.late),
      urgency: 'critical',
      timeoutType: 'never',
      closeButtonText: t.close,
      actions: [
        { type: 'button', text: t.complete },
        { type: 'button', text: t.snooze },
      ],
    });
    n.on('click', () => openInWindow(showWindow(), `#/schedule/${p.schedule_id}`));
    n.on('action', (_e, index) => {
      const call =
        index === 0
          ? pai.dispatch('schedule.complete', { id: p.schedule_id, occurrence_at: p.occurrence_at })
          : pai.dispatch('schedule.snooze', { id: p.schedule_id });
      void call.then((r) => {
        if (!r.ok) console.error('[notifications] action failed:', r.error.code, r.error.message);
      });
    });
    keep(n);
  };

  const onMissed = (p: EventPayload<'reminder.missed'>) => {
    const t = text();
    const lines = p.items
      .slice(0, SHOWN_MISSED)
      .map((i) => `${wallText(i.trigger_time)} ${i.content}`);
    if (p.items.length > SHOWN_MISSED) lines.push(t.more(p.items.length - SHOWN_MISSED));
    const n = new Notification({
      title: t.missedTitle(p.count),
      body: lines.join('\n'),
      closeButtonText: t.close,
    });
    n.on('click', () => openInWindow(showWindow(), '#/schedule'));
    keep(n);
  };

  const offFired = pai.ctx.events.on('reminder.fired', onFired);
  const offMissed = pai.ctx.events.on('reminder.missed', onMissed);
  return () => {
    offFired();
    offMissed();
    for (const n of live) n.close();
    live.clear();
  };
}

/**
 * Tells the reminder loop the machine woke up, so reminders that came due
 * during sleep fire (late, within the grace window) or are reported missed at
 * once. The loop's own 30 s check would notice too; this makes it immediate.
 */
export function bindResumeFromSleep(pai: PaiApp): () => void {
  const onResume = () => pai.services.reminders.resumeFromSleep();
  powerMonitor.on('resume', onResume);
  powerMonitor.on('unlock-screen', onResume);
  return () => {
    powerMonitor.off('resume', onResume);
    powerMonitor.off('unlock-screen', onResume);
  };
}
