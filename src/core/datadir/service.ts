// Changing where Pai keeps its data. The running app keeps its open folder;
// the new one (recorded in the pointer) is used from the next start.
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import type { Db } from '../db/connection';
import { verifyDatabaseFile } from '../backup/verify';
import { DB_FILE } from '../paths';
import { PaiError } from '../../shared/errors';
import { POINTER_FILE, readPointer, writePointer } from './pointer';

/** Folders that travel with the database on a move (receipt images, backups). */
export const MOVED_FOLDERS = ['receipts', 'backups'];
/** Files that travel too (the Electron key store lives beside the database). */
export const MOVED_FILES = ['secrets.json'];

export interface DataDirDeps {
  db: Db;
  dataDir: string;
  bootstrapDir: string;
  /** Verification of the fresh copy; injectable so tests can make it fail. */
  verify?: (file: string) => void;
}

export interface DataDirInfo {
  current: string;
  pointer: string | null;
  default: string;
}

function refuse(zh: string, en: string): never {
  throw new PaiError('VALIDATION_FAILED', `${zh} (${en})`);
}

function inside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export class DataDirService {
  constructor(private readonly d: DataDirDeps) {}

  info(): DataDirInfo {
    return {
      current: this.d.dataDir,
      pointer: readPointer(this.d.bootstrapDir),
      default: this.d.bootstrapDir,
    };
  }

  /**
   * Checks the target, optionally copies the data there (verified), then records
   * it in the pointer. Any refusal or failure leaves the pointer as it was.
   */
  async set(input: {
    path: string;
    move: boolean;
  }): Promise<{ restart_required: true; path: string }> {
    if (!isAbsolute(input.path)) refuse('请填写完整路径', 'the folder must be an absolute path');
    const target = resolve(input.path);
    const current = resolve(this.d.dataDir);
    if (inside(current, target)) {
      refuse(
        '新文件夹不能是当前数据文件夹或在其中',
        'the new folder cannot be the current data folder or inside it',
      );
    }
    const created = this.prepareFolder(target, input.move);
    try {
      if (input.move) await this.copyData(target);
      // Pointing back at the bootstrap folder simply removes the pointer.
      writePointer(this.d.bootstrapDir, resolve(this.d.bootstrapDir) === target ? null : target);
    } catch (e) {
      if (created) rmSync(target, { recursive: true, force: true });
      else if (input.move) this.removeCopied(target);
      if (e instanceof PaiError) throw e;
      refuse('无法使用这个文件夹', `cannot use this folder: ${(e as Error).message}`);
    }
    return { restart_required: true, path: target };
  }

  /** Makes sure the target is a writable folder that is empty or already Pai's; returns whether we created it. */
  private prepareFolder(target: string, move: boolean): boolean {
    let created = false;
    if (!existsSync(target)) {
      try {
        mkdirSync(target, { recursive: true });
        created = true;
      } catch (e) {
        refuse('无法创建这个文件夹', `cannot create the folder: ${(e as Error).message}`);
      }
    }
    try {
      if (!statSync(target).isDirectory()) refuse('这不是一个文件夹', 'the path is not a folder');
      accessSync(target, constants.R_OK | constants.W_OK);
    } catch (e) {
      if (e instanceof PaiError) throw e;
      refuse('这个文件夹不可写', 'the folder is not writable');
    }
    const entries = readdirSync(target).filter((n) => n !== POINTER_FILE && n !== '.DS_Store');
    const isPai = entries.includes(DB_FILE);
    if (entries.length > 0 && !isPai) {
      refuse(
        '这个文件夹不是空的，也不是 Pai 的数据文件夹',
        'the folder is neither empty nor a Pai data folder',
      );
    }
    if (isPai && move) {
      refuse(
        '这个文件夹里已有 Pai 数据；请选择“使用这个文件夹”',
        'the folder already holds Pai data; choose "use this folder" instead',
      );
    }
    if (isPai) {
      try {
        verifyDatabaseFile(join(target, DB_FILE));
      } catch (e) {
        if (e instanceof PaiError && e.code === 'DB_NEWER_THAN_APP') throw e;
        refuse(
          '这个文件夹里的 Pai 数据库无法使用',
          `the Pai database there cannot be used: ${(e as Error).message}`,
        );
      }
    }
    return created;
  }

  /** Online copy of the live database (verified) plus receipts and backups. */
  private async copyData(target: string): Promise<void> {
    const tmp = join(target, `${DB_FILE}.partial`);
    try {
      await this.d.db.backup(tmp);
      (this.d.verify ?? verifyDatabaseFile)(tmp);
      renameSync(tmp, join(target, DB_FILE));
    } finally {
      rmSync(tmp, { force: true });
    }
    for (const name of [...MOVED_FOLDERS, ...MOVED_FILES]) {
      const from = join(this.d.dataDir, name);
      if (existsSync(from))
        cpSync(from, join(target, name), { recursive: true, errorOnExist: true, force: false });
    }
  }

  private removeCopied(target: string): void {
    for (const name of [DB_FILE, `${DB_FILE}.partial`, ...MOVED_FOLDERS, ...MOVED_FILES]) {
      rmSync(join(target, name), { recursive: true, force: true });
    }
  }
}
