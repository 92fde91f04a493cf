import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { PaiError } from '../../shared/errors';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/bmp';
const EXT: Record<ImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};

export interface LoadedImage {
  bytes: Buffer;
  mime: ImageMime;
  sha256: string;
}

/** The image type from its first bytes; the name or a declared type is never trusted. */
export function sniffImage(b: Buffer): ImageMime | null {
  if (
    b.length >= 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d) return 'image/bmp';
  return null;
}

/** Checks size and type; a corrupt or unsupported file gets a message a person can act on. */
export function validateImage(bytes: Buffer): LoadedImage {
  if (bytes.length === 0)
    throw new PaiError('VALIDATION_FAILED', '图片是空的 (the image is empty)');
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new PaiError(
      'VALIDATION_FAILED',
      `图片超过 ${MAX_IMAGE_BYTES / 1024 / 1024} MB (the image is larger than 10 MB)`,
    );
  }
  const mime = sniffImage(bytes);
  if (!mime) {
    throw new PaiError(
      'UNSUPPORTED',
      '不支持的文件或图片已损坏，请使用 PNG、JPEG、WebP、GIF 或 BMP 图片 (unsupported or corrupt file; use a PNG, JPEG, WebP, GIF or BMP image)',
    );
  }
  return { bytes, mime, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export const toDataUrl = (img: LoadedImage): string =>
  `data:${img.mime};base64,${img.bytes.toString('base64')}`;

/** Stored receipt images: `receipt://<sha256>.<ext>`, files under <dataDir>/receipts/. */
export const STORED_REF = /^receipt:\/\/([a-f0-9]{64})\.(png|jpg|gif|webp|bmp)$/;

export class ImageStore {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = join(dataDir, 'receipts');
  }

  /** Saves by content hash; the same image twice is one file and one ref. */
  save(img: LoadedImage): { ref: string; path: string; existed: boolean } {
    const name = `${img.sha256}.${EXT[img.mime]}`;
    const path = join(this.dir, name);
    const existed = existsSync(path);
    if (!existed) {
      mkdirSync(this.dir, { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, img.bytes);
      renameSync(tmp, path);
    }
    return { ref: `receipt://${name}`, path, existed };
  }

  pathOf(ref: string): string | null {
    const m = STORED_REF.exec(ref.trim());
    return m ? join(this.dir, `${m[1]}.${m[2]}`) : null;
  }

  load(ref: string): LoadedImage {
    const path = this.pathOf(ref);
    if (!path || !existsSync(path))
      throw new PaiError('NOT_FOUND', `找不到图片 ${ref} (image not found)`);
    return validateImage(readFileSync(path));
  }
}

export interface FetchLike {
  (
    url: string,
    init?: { signal?: AbortSignal; redirect?: 'follow' | 'error' | 'manual' },
  ): Promise<Response>;
}

async function fetchImage(
  url: string,
  fetchImpl: FetchLike,
  signal?: AbortSignal,
): Promise<LoadedImage> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 15_000);
  const onAbort = () => ctl.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetchImpl(url, { signal: ctl.signal, redirect: 'follow' });
    if (!res.ok)
      throw new PaiError(
        'NOT_FOUND',
        `下载图片失败 HTTP ${res.status} (could not fetch the image)`,
      );
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!type.startsWith('image/')) {
      throw new PaiError(
        'UNSUPPORTED',
        `链接不是图片（${type || '未知类型'}） (the URL is not an image: ${type || 'unknown type'})`,
      );
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > MAX_IMAGE_BYTES)
      throw new PaiError('VALIDATION_FAILED', '图片超过 10 MB (the image is larger than 10 MB)');
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body?.getReader();
    if (!reader) throw new PaiError('NOT_FOUND', '图片内容为空 (empty response)');
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_IMAGE_BYTES) {
        await reader.cancel();
        throw new PaiError('VALIDATION_FAILED', '图片超过 10 MB (the image is larger than 10 MB)');
      }
      chunks.push(Buffer.from(value));
    }
    return validateImage(Buffer.concat(chunks));
  } catch (e) {
    if (e instanceof PaiError) throw e;
    throw new PaiError(
      'PROVIDER_UNAVAILABLE',
      `下载图片失败 (could not fetch the image): ${e instanceof Error ? e.message : String(e)}`,
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Loads an image reference: a stored receipt ref, a data URL, an https URL
 * (size-capped, content-type checked) or a local file path.
 */
export async function loadImageRef(
  ref: string,
  deps: { store: ImageStore; fetch?: FetchLike; signal?: AbortSignal },
): Promise<LoadedImage> {
  const r = (ref ?? '').trim();
  if (!r) throw new PaiError('VALIDATION_FAILED', '缺少图片 (no image given)');
  if (r.startsWith('receipt://')) return deps.store.load(r);
  if (r.startsWith('data:')) {
    const m = /^data:([\w/+.-]+)?(;base64)?,(.*)$/s.exec(r);
    if (!m || !m[2])
      throw new PaiError(
        'VALIDATION_FAILED',
        '无法读取 data URL，需要 base64 图片 (data URL must be base64)',
      );
    if (m[3].length > (MAX_IMAGE_BYTES * 4) / 3 + 8)
      throw new PaiError('VALIDATION_FAILED', '图片超过 10 MB (the image is larger than 10 MB)');
    return validateImage(Buffer.from(m[3], 'base64'));
  }
  if (/^https:\/\//i.test(r)) return fetchImage(r, deps.fetch ?? fetch, deps.signal);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(r) && !/^file:\/\//i.test(r)) {
    throw new PaiError(
      'UNSUPPORTED',
      '只支持 https 链接、data URL、本地路径或已保存的小票 (only https, data URLs, local paths or stored receipts)',
    );
  }
  const path = r.startsWith('file://') ? decodeURIComponent(new URL(r).pathname) : r;
  if (!isAbsolute(path))
    throw new PaiError(
      'VALIDATION_FAILED',
      `需要绝对路径 (a local path must be absolute): ${path}`,
    );
  if (!existsSync(path) || !statSync(path).isFile())
    throw new PaiError('NOT_FOUND', `找不到文件 ${path} (file not found)`);
  if (statSync(path).size > MAX_IMAGE_BYTES)
    throw new PaiError('VALIDATION_FAILED', '图片超过 10 MB (the image is larger than 10 MB)');
  return validateImage(readFileSync(path));
}
