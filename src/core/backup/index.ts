export { BackupService, BACKUP_DIR, type BackupDeps } from './service';
export { backupModule } from './handlers';
export { applyRetention, DEFAULT_RETENTION, type RetentionRule } from './retention';
export { verifyDatabaseFile } from './verify';
