// The tray icon: open Pai, quick add, pause reminder notifications for an
// hour, quit. Its tooltip (and the macOS/Linux badge) counts missed reminders.
import { app, Menu, nativeImage, Tray } from 'electron';
import { join } from 'node:path';
import type { PaiApp } from '../core/app';
import type { Locale } from '../shared/contract';

const TEXT: Record<
  Locale,
  {
    open: string;
    quick: string;
    pause: string;
    paused: (t: string) => string;
    resume: string;
    quit: string;
    missed: (n: number) => string;
  }
> = {
  'zh-CN': {
    open: '打开 Pai',
    quick: '快速记录',
    pause: '暂停提醒通知 1 小时',
    paused: (t) => `提醒通知已暂停至 ${t}`,
    resume: '恢复提醒通知',
    quit: '退出 Pai',
    missed: (n) => `错过 ${n} 个提醒`,
  },
  en: {
    open: 'Open Pai',
    quick: 'Quick add',
    pause: 'Pause reminder notifications for an hour',
    paused: (t) => `Reminder notifications paused until ${t}`,
    resume: 'Resume reminder notifications',
    quit: 'Quit Pai',
    missed: (n) => `${n} missed reminder(s)`,
  },
};

export interface TrayActions {
  open(): void;
  quickAdd(): void;
  quit(): void;
}

export const PAUSE_MS = 60 * 60 * 1000;

/** When native reminder notifications are paused until (ms), shared with notifications.ts. */
export class NotificationPause {
  private until = 0;
  pause(ms: number, now = Date.now()): void {
    this.until = now + ms;
  }
  resume(): void {
    this.until = 0;
  }
  pausedUntil(now = Date.now()): number | null {
    return this.until > now ? this.until : null;
  }
}

export function iconPath(): string {
  // Packaged: resources/ sits next to app.asar (extraResources); in dev: the repo's resources/.
  return app.isPackaged
    ? join(process.resourcesPath, 'tray.png')
    : join(app.getAppPath(), 'resources', 'tray.png');
}

export function createTray(
  pai: PaiApp,
  actions: TrayActions,
  pause: NotificationPause,
): { refresh(): void; destroy(): void } {
  const tray = new Tray(nativeImage.createFromPath(iconPath()));
  let missed = 0;

  const refresh = () => {
    const t = TEXT[pai.ctx.locale()] ?? TEXT['zh-CN'];
    const until = pause.pausedUntil();
    const untilText = until ? new Date(until).toLocaleTimeString() : '';
    tray.setToolTip(
      ['Pai', missed ? t.missed(missed) : '', until ? t.paused(untilText) : '']
        .filter(Boolean)
        .join('\n'),
    );
    app.setBadgeCount(missed);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        {
          label: t.open,
          click: () => {
            missed = 0;
            refresh();
            actions.open();
          },
        },
        { label: t.quick, accelerator: 'CommandOrControl+Shift+Space', click: actions.quickAdd },
        { type: 'separator' },
        until
          ? {
              label: t.resume,
              click: () => {
                pause.resume();
                refresh();
              },
            }
          : {
              label: t.pause,
              click: () => {
                pause.pause(PAUSE_MS);
                refresh();
              },
            },
        { type: 'separator' },
        { label: t.quit, click: actions.quit },
      ]),
    );
  };

  tray.on('click', actions.open);
  const offMissed = pai.ctx.events.on('reminder.missed', (p) => {
    missed += p.count;
    refresh();
  });
  // The pause ends on its own; refresh so the menu says so.
  const timer = setInterval(refresh, 60_000);
  refresh();
  return {
    refresh,
    destroy: () => {
      offMissed();
      clearInterval(timer);
      tray.destroy();
    },
  };
}
