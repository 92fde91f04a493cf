/**
 * Lexical analysis shared by the offline embedder, the FTS5 index and duplicate
 * detection. Chinese has no spaces, so CJK runs become unigrams + bigrams; Latin
 * text becomes lowercase words. Very common function words get no weight: they
 * appear in nearly every memory ("我", "the") and would make unrelated texts look alike.
 */

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
const SEGMENT =
  /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+|[\p{L}\p{N}]+/gu;

export const CJK_STOP = new Set(
  '我你他她它们的了是在吗呢吧啊呀和与就都也很还又有没不要会能这那个些么什怎哪一上下里对给把被让为着过来去说到点儿'.split(
    '',
  ),
);
// "不" and "没" carry meaning ("我不喝咖啡"): they stay as parts of bigrams, only their unigram is dropped.
export const LATIN_STOP = new Set(
  (
    'a an the i me my mine you your he she it its we our they their is are was were be been am do does did ' +
    'to of in on at for with and or but not no so as by from that this these those what which who whom how ' +
    'when where why can could should would will shall may might have has had any some about please tell'
  ).split(' '),
);

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export interface Term {
  term: string;
  weight: number;
  kind: 'cjk1' | 'cjk2' | 'word' | 'tri';
}

/** Terms of a text with weights; the same analysis feeds embeddings and keyword search. */
export function terms(text: string, opts: { trigrams?: boolean } = {}): Term[] {
  const out: Term[] = [];
  for (const seg of normalize(text).match(SEGMENT) ?? []) {
    if (CJK.test(seg[0]!)) {
      const chars = [...seg];
      for (let i = 0; i < chars.length; i++) {
        const c = chars[i]!;
        if (!CJK_STOP.has(c)) out.push({ term: c, weight: 0.5, kind: 'cjk1' });
        const n = chars[i + 1];
        if (n !== undefined) {
          // A bigram made only of function characters ("我的", "是不") says nothing.
          const both = CJK_STOP.has(c) && CJK_STOP.has(n);
          if (!both) out.push({ term: c + n, weight: 1, kind: 'cjk2' });
        }
      }
    } else {
      if (LATIN_STOP.has(seg)) continue;
      const word = stem(seg);
      out.push({ term: word, weight: 1, kind: 'word' });
      if (opts.trigrams && word.length > 3) {
        const padded = `#${word}#`;
        for (let i = 0; i + 3 <= padded.length; i++)
          out.push({ term: padded.slice(i, i + 3), weight: 0.35, kind: 'tri' });
      }
    }
  }
  return out;
}

/** Plural/third-person endings only ("seats" → "seat", "flies" → "fly"): cheap and rarely wrong. */
export function stem(w: string): string {
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(sses|shes|ches|xes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** Space-separated terms for the FTS5 column (unicode61 then sees one token per term). */
export function ftsDocument(text: string): string {
  return [...new Set(terms(text).map((t) => t.term))].join(' ');
}

/** An FTS5 MATCH expression: any of the query's terms, each quoted. null when nothing is searchable. */
export function ftsQuery(text: string): string | null {
  const uniq = [...new Set(terms(text).map((t) => t.term))];
  if (uniq.length === 0) return null;
  return uniq.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** Text compared for "already there": case, width and punctuation do not matter. */
export function compact(text: string): string {
  return normalize(text).replace(/[\s\p{P}\p{S}]+/gu, '');
}
