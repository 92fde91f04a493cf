import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

export interface ReadableText {
  title: string;
  text: string;
}

const collapse = (s: string) =>
  s
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * The readable text of an HTML page (Readability over linkedom): scripts,
 * styles, navigation and ads are dropped. Falls back to the body text.
 */
export function readableText(html: string): ReadableText {
  const { document } = parseHTML(html);
  for (const el of document.querySelectorAll('script,style,noscript,iframe,template,svg'))
    el.remove();
  const title = collapse(document.querySelector('title')?.textContent ?? '');
  try {
    const article = new Readability(
      document as unknown as ConstructorParameters<typeof Readability>[0],
      { charThreshold: 100 },
    ).parse();
    if (article?.textContent && article.textContent.trim().length > 0) {
      return { title: collapse(article.title || title), text: collapse(article.textContent) };
    }
  } catch {
    // fall through to plain body text
  }
  return { title, text: collapse(document.body?.textContent ?? '') };
}
