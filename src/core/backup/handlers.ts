import type { PaiModule } from '../module';
import type { BackupService } from './service';

/** Backup ops, and the daily automatic backup while the app runs in the background. */
export function backupModule(backups: BackupService, opts: { background: boolean }): PaiModule {
  return {
    name: 'backup',
    handlers: {
      'backup.list': () => ({ backups: backups.list(), last_auto: backups.lastAuto() }),
      'backup.create': () => backups.create('manual'),
      'backup.restore': (input) => backups.restore(input.name),
    },
    start() {
      backups.removeLeftovers();
      if (opts.background) backups.startSchedule();
    },
    stop: () => backups.stopSchedule(),
  };
}
