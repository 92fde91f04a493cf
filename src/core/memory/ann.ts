/**
 * In-process approximate nearest-neighbour search for unit vectors.
 *
 * vec0's own KNN is exact brute force (≈ 100 ms at 100k × 384 on these machines)
 * and its rowid lookups are slow, so Pai keeps a compact copy of the vectors in
 * memory: a 512-bit SimHash code per vector (random sign flips + a fast
 * Walsh–Hadamard rotation, then the sign of each coordinate — works for dense model
 * embeddings and for the sparse hashing embedder alike) and an int8 copy for
 * re-ranking. A query scans all codes by Hamming distance, keeps the best
 * `candidates`, and re-ranks those with int8 dot products. Below `exactBelow`
 * vectors it simply scans the int8 copy exactly. Memory per vector: 64 B + dims B.
 *
 * The compact form (code, int8 copy, scale) is what gets persisted (memory_ann), so
 * a restart reads blobs straight into the arrays instead of re-hashing every vector.
 */

const BITS = 512;
const WORDS = BITS / 32;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Deterministic ±1 signs (xorshift), so codes are stable across runs. */
function signs(n: number, seed = 0x9e3779b9): Int8Array {
  const s = new Int8Array(n);
  let x = seed >>> 0;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    s[i] = x & 1 ? 1 : -1;
  }
  return s;
}

export interface AnnHit {
  id: number;
  score: number;
}

/** What the index keeps per vector; bytes in the machine's (little-endian) order. */
export interface AnnCompact {
  /** 512-bit SimHash code, 64 bytes. */
  code: Uint8Array;
  /** int8 copy, `dims` bytes. */
  q8: Int8Array;
  /** Multiplier turning int8 dot products back into cosine. */
  scale: number;
}

/** Bytes of a persisted code. */
export const ANN_CODE_BYTES = BITS / 8;

/**
 * Identifies how codes are computed (bits, rotation, sign seed, int8 rule, byte
 * order). Persisted compact rows of another format are recomputed, never mixed.
 */
export const ANN_FORMAT = 'simhash512-wht-xs9e3779b9/q8-max127/le/v1';

export class AnnIndex {
  readonly dims: number;
  private readonly pad: number;
  private readonly flips: Int8Array;
  private readonly scratch: Float32Array;
  private cap = 0;
  private n = 0;
  private ids = new Int32Array(0);
  private codes = new Uint32Array(0);
  private q8 = new Int8Array(0);
  private scales = new Float32Array(0);
  private readonly slotOf = new Map<number, number>();
  private dist = new Uint16Array(0);

  constructor(
    dims: number,
    private readonly opts: { candidates?: number; exactBelow?: number } = {},
  ) {
    this.dims = dims;
    let p = 1;
    while (p < Math.max(dims, BITS)) p <<= 1;
    this.pad = p;
    this.flips = signs(p);
    this.scratch = new Float32Array(p);
  }

  get size(): number {
    return this.n;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** Pre-allocates room for `n` vectors (a load knows its row count up front). */
  reserve(n: number): void {
    this.grow(n);
  }

  private grow(min: number): void {
    if (min <= this.cap) return;
    const cap = Math.max(min, this.cap * 2, 1024);
    const ids = new Int32Array(cap);
    ids.set(this.ids.subarray(0, this.n));
    const codes = new Uint32Array(cap * WORDS);
    codes.set(this.codes.subarray(0, this.n * WORDS));
    const q8 = new Int8Array(cap * this.dims);
    q8.set(this.q8.subarray(0, this.n * this.dims));
    const scales = new Float32Array(cap);
    scales.set(this.scales.subarray(0, this.n));
    Object.assign(this, { ids, codes, q8, scales, cap });
  }

  /** SimHash code: sign of a randomised Hadamard rotation (first 512 coordinates). */
  private encode(v: Float32Array, out: Uint32Array, offset: number): void {
    const a = this.scratch;
    a.fill(0);
    for (let i = 0; i < this.dims; i++) a[i] = v[i]! * this.flips[i]!;
    for (let h = 1; h < this.pad; h <<= 1) {
      for (let i = 0; i < this.pad; i += h << 1) {
        for (let j = i; j < i + h; j++) {
          const x = a[j]!;
          const y = a[j + h]!;
          a[j] = x + y;
          a[j + h] = x - y;
        }
      }
    }
    for (let w = 0; w < WORDS; w++) {
      let bits = 0;
      for (let b = 0; b < 32; b++) if (a[w * 32 + b]! > 0) bits |= 1 << b;
      out[offset + w] = bits >>> 0;
    }
  }

  /** The compact form of a vector, as `add` would store it. */
  compact(v: Float32Array): AnnCompact {
    if (v.length !== this.dims)
      throw new Error(`vector has ${v.length} dims, index has ${this.dims}`);
    const code = new Uint32Array(WORDS);
    this.encode(v, code, 0);
    let max = 0;
    for (let i = 0; i < this.dims; i++) max = Math.max(max, Math.abs(v[i]!));
    const scale = max > 0 ? 127 / max : 1;
    const q8 = new Int8Array(this.dims);
    for (let i = 0; i < this.dims; i++) q8[i] = Math.round(v[i]! * scale);
    // Stored as float32 here, so a persisted copy scores exactly like the live one.
    return { code: new Uint8Array(code.buffer), q8, scale: Math.fround(1 / scale) };
  }

  add(id: number, v: Float32Array): void {
    this.addCompact(id, this.compact(v));
  }

  /**
   * Adds (or replaces) a vector from its precomputed compact form, e.g. blobs read
   * from SQLite. Byte views may sit at any offset (they are copied).
   */
  addCompact(id: number, c: { code: Uint8Array; q8: Uint8Array | Int8Array; scale: number }): void {
    if (c.code.byteLength !== ANN_CODE_BYTES || c.q8.byteLength !== this.dims) {
      throw new Error(
        `compact vector has ${c.code.byteLength} code bytes and ${c.q8.byteLength} dims, index has ${this.dims}`,
      );
    }
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      this.grow(this.n + 1);
      slot = this.n++;
      this.slotOf.set(id, slot);
      this.ids[slot] = id;
    }
    new Uint8Array(this.codes.buffer, slot * ANN_CODE_BYTES, ANN_CODE_BYTES).set(c.code);
    this.q8.set(new Int8Array(c.q8.buffer, c.q8.byteOffset, this.dims), slot * this.dims);
    this.scales[slot] = c.scale;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    const last = this.n - 1;
    if (slot !== last) {
      const lastId = this.ids[last]!;
      this.ids[slot] = lastId;
      this.codes.copyWithin(slot * WORDS, last * WORDS, (last + 1) * WORDS);
      this.q8.copyWithin(slot * this.dims, last * this.dims, (last + 1) * this.dims);
      this.scales[slot] = this.scales[last]!;
      this.slotOf.set(lastId, slot);
    }
    this.slotOf.delete(id);
    this.n = last;
  }

  private score(slot: number, q: Float32Array): number {
    const base = slot * this.dims;
    let s = 0;
    for (let i = 0; i < this.dims; i++) s += this.q8[base + i]! * q[i]!;
    return s * this.scales[slot]!;
  }

  /** Top k by cosine (vectors are unit length). */
  search(q: Float32Array, k: number): AnnHit[] {
    if (this.n === 0 || k <= 0) return [];
    const candidates = Math.max(this.opts.candidates ?? 256, k * 4);
    let slots: number[];
    if (this.n <= (this.opts.exactBelow ?? 4_096) || this.n <= candidates) {
      slots = Array.from({ length: this.n }, (_, i) => i);
    } else {
      slots = this.coarse(q, candidates);
    }
    const hits = slots.map((s) => ({ id: this.ids[s]!, score: this.score(s, q) }));
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, k);
  }

  /**
   * Two-stage Hamming search. Stage 1 scans only the first 256 bits of every code
   * (half the memory traffic: this loop is the whole cost at 100k rows) and keeps
   * the closest `8·c`; stage 2 adds the other 256 bits for those and keeps `c`.
   * Both stages pick by counting sort on the integer distance.
   */
  private coarse(q: Float32Array, c: number): number[] {
    const qc = new Uint32Array(WORDS);
    this.encode(q, qc, 0);
    if (this.dist.length < this.n) this.dist = new Uint16Array(this.cap);
    const dist = this.dist;
    const hist = new Uint32Array(BITS + 1);
    const codes = this.codes;
    const [q0, q1, q2, q3, q4, q5, q6, q7] = qc as unknown as number[];
    for (let s = 0, o = 0; s < this.n; s++, o += WORDS) {
      const d =
        popcount(codes[o]! ^ q0!) +
        popcount(codes[o + 1]! ^ q1!) +
        popcount(codes[o + 2]! ^ q2!) +
        popcount(codes[o + 3]! ^ q3!) +
        popcount(codes[o + 4]! ^ q4!) +
        popcount(codes[o + 5]! ^ q5!) +
        popcount(codes[o + 6]! ^ q6!) +
        popcount(codes[o + 7]! ^ q7!);
      dist[s] = d;
      hist[d]!++;
    }
    const first = pick(dist, hist, this.n, Math.min(this.n, c * 8), (s) => s);
    hist.fill(0);
    const full = new Uint16Array(first.length);
    for (let i = 0; i < first.length; i++) {
      const o = first[i]! * WORDS;
      let d = dist[first[i]!]!;
      for (let w = 8; w < WORDS; w++) d += popcount(codes[o + w]! ^ qc[w]!);
      full[i] = d;
      hist[d]!++;
    }
    return pick(full, hist, first.length, c, (i) => first[i]!);
  }
}

/** The `c` smallest distances, by the histogram (ties at the cut are taken in order). */
function pick(
  dist: Uint16Array,
  hist: Uint32Array,
  n: number,
  c: number,
  map: (i: number) => number,
): number[] {
  let cut = 0;
  for (let acc = 0; cut < hist.length; cut++) {
    acc += hist[cut]!;
    if (acc >= c) break;
  }
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (dist[i]! < cut) out.push(map(i));
  for (let i = 0; i < n && out.length < c; i++) if (dist[i] === cut) out.push(map(i));
  return out;
}
