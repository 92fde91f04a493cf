import { DateTime } from 'luxon';
import type { BackupInfo } from '../../shared/contract';

export type BackupKind = BackupInfo['kind'];

const NAME = /^(pai-auto|pai-manual|pre-restore)-(\d{8})-(\d{6})(?:-(\d+))?\.db$/;

/** `pai-auto-20260408-023000.db`: the kind and the UTC time it was taken, so names sort by time. */
export function backupName(kind: BackupKind, at: number, n = 0): string {
  const stamp = DateTime.fromMillis(at, { zone: 'utc' }).toFormat('yyyyLLdd-HHmmss');
  const prefix = kind === 'pre-restore' ? 'pre-restore' : `pai-${kind}`;
  return `${prefix}-${stamp}${n > 0 ? `-${n}` : ''}.db`;
}

export function parseBackupName(name: string): { kind: BackupKind; at: number } | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const at = DateTime.fromFormat(`${m[2]}-${m[3]}`, 'yyyyLLdd-HHmmss', { zone: 'utc' });
  if (!at.isValid) return null;
  const kind: BackupKind =
    m[1] === 'pre-restore' ? 'pre-restore' : m[1] === 'pai-auto' ? 'auto' : 'manual';
  return { kind, at: at.toMillis() };
}
