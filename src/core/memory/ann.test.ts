import { describe, expect, it } from 'vitest';
import { AnnIndex } from './ann';
import { dot, l2normalize } from './embedder';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296 - 0.5;
  };
}

describe('AnnIndex', () => {
  it('coarse Hamming search + int8 re-rank finds the exact neighbours of clustered vectors', () => {
    const d = 64;
    const r = rng(7);
    const centers = Array.from({ length: 40 }, () =>
      l2normalize(Float32Array.from({ length: d }, r)),
    );
    const data: Float32Array[] = [];
    const idx = new AnnIndex(d, { candidates: 100, exactBelow: 0 });
    for (let i = 0; i < 4000; i++) {
      const c = centers[i % centers.length]!;
      const v = l2normalize(Float32Array.from({ length: d }, (_, j) => c[j]! + 0.08 * r()));
      data.push(v);
      idx.add(i + 1, v);
    }
    let recall = 0;
    for (let q = 0; q < 20; q++) {
      const query = l2normalize(
        Float32Array.from({ length: d }, (_, j) => data[q * 37]![j]! + 0.02 * r()),
      );
      const exact = data
        .map((v, i) => ({ id: i + 1, s: dot(v, query) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 10)
        .map((x) => x.id);
      const got = idx.search(query, 10).map((h) => h.id);
      recall += got.filter((id) => exact.includes(id)).length / 10;
    }
    expect(recall / 20).toBeGreaterThanOrEqual(0.9);
  });

  it('removes and replaces vectors', () => {
    const idx = new AnnIndex(4);
    idx.add(1, l2normalize(new Float32Array([1, 0, 0, 0])));
    idx.add(2, l2normalize(new Float32Array([0, 1, 0, 0])));
    idx.add(3, l2normalize(new Float32Array([0, 0, 1, 0])));
    idx.remove(1);
    expect(idx.size).toBe(2);
    expect(idx.search(new Float32Array([1, 0, 0, 0]), 3).map((h) => h.id)).not.toContain(1);
    idx.add(2, l2normalize(new Float32Array([1, 0, 0, 0])));
    expect(idx.search(new Float32Array([1, 0, 0, 0]), 1)[0]).toMatchObject({ id: 2 });
    expect(idx.search(new Float32Array([1, 0, 0, 0]), 1)[0]!.score).toBeCloseTo(1, 2);
  });
});
