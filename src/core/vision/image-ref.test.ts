import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ImageStore,
  loadImageRef,
  MAX_IMAGE_BYTES,
  sniffImage,
  toDataUrl,
  validateImage,
  type FetchLike,
} from './image-ref';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const fakeFetch =
  (body: Buffer, type: string, status = 200): FetchLike =>
  async () =>
    new Response(new Uint8Array(body), { status, headers: { 'content-type': type } });

describe('image references', () => {
  let dir: string;
  let store: ImageStore;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pai-img-'));
    store = new ImageStore(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('knows images by their bytes, not their names', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
  });

  it('refuses unsupported, corrupt, empty and oversized files with a clear message', () => {
    expect(() => validateImage(Buffer.from('%PDF-1.7 not an image'))).toThrow(
      /不支持的文件或图片已损坏.*unsupported or corrupt/,
    );
    expect(() => validateImage(Buffer.alloc(0))).toThrow(/empty/);
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(() => validateImage(big)).toThrow(/10 MB/);
  });

  it('stores by content hash, once', () => {
    const a = store.save(validateImage(PNG));
    const b = store.save(validateImage(Buffer.from(PNG)));
    expect(a.ref).toMatch(/^receipt:\/\/[a-f0-9]{64}\.png$/);
    expect(b).toEqual({ ...a, existed: true });
    expect(readdirSync(join(dir, 'receipts'))).toEqual([a.ref.slice('receipt://'.length)]);
    expect(store.load(a.ref).bytes.equals(PNG)).toBe(true);
    expect(store.pathOf('receipt://../../etc/passwd')).toBeNull();
  });

  it('loads stored refs, data URLs, local paths and https URLs', async () => {
    const { ref } = store.save(validateImage(PNG));
    const file = join(dir, 'shot.png');
    writeFileSync(file, PNG);
    const deps = { store, fetch: fakeFetch(PNG, 'image/png') };
    for (const r of [
      ref,
      toDataUrl(validateImage(PNG)),
      file,
      `file://${file}`,
      'https://example.com/r.png',
    ]) {
      expect((await loadImageRef(r, deps)).mime).toBe('image/png');
    }
  });

  it('refuses https responses that are not images, too big, or failed; other schemes; relative paths', async () => {
    await expect(
      loadImageRef('https://x/a', { store, fetch: fakeFetch(Buffer.from('<html>'), 'text/html') }),
    ).rejects.toThrow(/not an image/);
    await expect(
      loadImageRef('https://x/a', {
        store,
        fetch: fakeFetch(Buffer.alloc(MAX_IMAGE_BYTES + 10), 'image/png'),
      }),
    ).rejects.toThrow(/10 MB/);
    await expect(
      loadImageRef('https://x/a', { store, fetch: fakeFetch(PNG, 'image/png', 404) }),
    ).rejects.toThrow(/404/);
    await expect(loadImageRef('http://x/a.png', { store })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    await expect(loadImageRef('relative/a.png', { store })).rejects.toThrow(/absolute/);
    await expect(loadImageRef('data:image/png,abc', { store })).rejects.toThrow(/base64/);
    expect(existsSync(join(dir, 'receipts'))).toBe(true);
  });
});
