import { describe, expect, it } from 'vitest';
import { installPooledRandom } from './random-pool';

describe('pooled crypto.getRandomValues', () => {
  installPooledRandom();
  installPooledRandom(); // idempotent

  it('fills the array it is given, with fresh bytes every call', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const a = new Uint8Array(16);
      expect(crypto.getRandomValues(a)).toBe(a);
      seen.add(Buffer.from(a).toString('hex'));
    }
    // 2,000 draws of 128 bits: any repeat means bytes were handed out twice.
    expect(seen.size).toBe(2000);
  });

  it('bytes look uniform (each byte value about equally often)', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4000; i++)
      for (const b of crypto.getRandomValues(new Uint8Array(64))) counts[b]!++;
    // 256,000 bytes: 1,000 expected per value; 5 standard deviations is about ±160.
    expect(Math.min(...counts)).toBeGreaterThan(840);
    expect(Math.max(...counts)).toBeLessThan(1160);
  });

  it('serves other integer arrays and views into larger buffers', () => {
    const words = crypto.getRandomValues(new Uint32Array(8));
    expect(words.some((w) => w !== 0)).toBe(true);
    const buf = new Uint8Array(32);
    crypto.getRandomValues(new Uint8Array(buf.buffer, 8, 8));
    expect([...buf.subarray(0, 8), ...buf.subarray(16)].every((b) => b === 0)).toBe(true);
    expect(buf.subarray(8, 16).some((b) => b !== 0)).toBe(true);
  });

  it('keeps the standard errors and large requests', () => {
    expect(() => crypto.getRandomValues(new Float32Array(4) as unknown as Uint8Array)).toThrow();
    expect(() => crypto.getRandomValues(new Uint8Array(65_537))).toThrow();
    const big = crypto.getRandomValues(new Uint8Array(65_536));
    expect(big.some((b) => b !== 0)).toBe(true);
  });
});
