/** "KEY=value" / "Name: value" lines ⇄ records, for the env and header fields. */
export type LinesResult =
  { ok: true; value: Record<string, string> } | { ok: false; line: number; text: string };

export function parseLines(text: string, sep: '=' | ':'): LinesResult {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    const at = raw.indexOf(sep);
    const key = (at < 0 ? raw : raw.slice(0, at)).trim();
    if (!key) return { ok: false, line: i + 1, text: raw };
    out[key] = at < 0 ? '' : raw.slice(at + 1).trim();
  }
  return { ok: true, value: out };
}

/** Keys only: secret values never come back from the engine. */
export const keysToLines = (keys: string[], sep: '=' | ':') =>
  keys.map((k) => `${k}${sep}${sep === ':' ? ' ' : ''}`).join('\n');

export const splitArgs = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
