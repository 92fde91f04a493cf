/** Image files the composer accepts: what the contract's image refs allow, at most 4, each ≤ 8 MB. */
export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const ACCEPT = [...TYPES].join(',');

export type AttachProblem = 'type' | 'size' | 'count';

/** Reads the files that fit as data URLs; says what did not fit and why (first problem only). */
export async function readImages(
  files: File[],
  already: number,
): Promise<{ urls: string[]; problem: AttachProblem | null }> {
  const urls: string[] = [];
  let problem: AttachProblem | null = null;
  for (const f of files) {
    if (!TYPES.has(f.type)) problem ??= 'type';
    else if (f.size > MAX_IMAGE_BYTES) problem ??= 'size';
    else if (already + urls.length >= MAX_IMAGES) problem ??= 'count';
    else urls.push(await dataUrl(f));
  }
  return { urls, problem };
}

function dataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}

/** Only images carried inside the message are shown; remote ones are never fetched. */
export const isInlineImage = (url: string): boolean =>
  /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(url);
