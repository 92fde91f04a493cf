import type { Embeddings } from '@langchain/core/embeddings';
import { terms } from './text';

/** Turns texts into vectors. `id` names the model, so a change is noticed and re-indexes. */
export interface Embedder {
  readonly id: string;
  /** Known up front for the offline embedder; learnt from the first answer for a remote one. */
  readonly dims: number | null;
  embed(texts: string[]): Promise<Float32Array[]>;
}

export const HASH_EMBEDDER_ID = 'pai-hash-ngram-v1';
export const HASH_DIMS = 384;

/** 32-bit FNV-1a; fast, stable across runs and platforms. */
function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The built-in offline embedder: multilingual character n-gram hashing.
 * CJK unigrams + bigrams and Latin words + character trigrams are hashed into
 * 384 signed buckets with sublinear term frequency, then L2-normalised.
 *
 * Limits (it is lexical, not semantic): it finds memories that share words or
 * characters with the question ("我的猫叫什么" ↔ "我的猫叫咪咪"), but not
 * paraphrases without shared text ("推荐点饮料" ↔ "我不喝咖啡"), not synonyms, and not
 * across languages ("coffee" ↔ "咖啡"). Negation is only a bigram ("不喝"), so
 * "I like coffee" and "I don't like coffee" look alike. Hash collisions add a little
 * noise (≈ 1/384 per pair of terms). A configured embedding model replaces it.
 */
export class HashingEmbedder implements Embedder {
  readonly id = HASH_EMBEDDER_ID;
  readonly dims = HASH_DIMS;

  embedOne(text: string): Float32Array {
    const tf = new Map<string, number>();
    for (const t of terms(text, { trigrams: true }))
      tf.set(t.term, (tf.get(t.term) ?? 0) + t.weight);
    const v = new Float32Array(HASH_DIMS);
    for (const [term, w] of tf) {
      const h = fnv1a(term);
      const sign = h & 0x80000000 ? -1 : 1;
      // Sublinear term frequency: a word said three times is not three times as relevant.
      v[h % HASH_DIMS]! += sign * (w > 1 ? 1 + Math.log(w) : w);
    }
    return l2normalize(v);
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }
}

export function l2normalize(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** An OpenAI-compatible /embeddings endpoint, through LangChain's Embeddings (from settings). */
export class RemoteEmbedder implements Embedder {
  readonly id: string;
  private learnedDims: number | null = null;

  constructor(private readonly inner: Embeddings) {
    const model =
      (inner as unknown as { model?: unknown; modelName?: unknown }).model ??
      (inner as unknown as { modelName?: unknown }).modelName;
    const base = (inner as unknown as { clientConfig?: { baseURL?: unknown } }).clientConfig
      ?.baseURL;
    this.id = `remote:${typeof model === 'string' ? model : inner.constructor.name}${typeof base === 'string' ? `@${base}` : ''}`;
  }

  get dims(): number | null {
    return this.learnedDims;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out = await this.inner.embedDocuments(texts);
    const vecs = out.map((v) => l2normalize(Float32Array.from(v)));
    if (vecs[0]) this.learnedDims = vecs[0].length;
    return vecs;
  }
}
