import ReactMarkdown, { type Components } from 'react-markdown';
import { useTranslation } from 'react-i18next';

/**
 * Model text as Markdown, safely: raw HTML is dropped (no rehype-raw), remote
 * images are never fetched (a link stands in), links open outside the app.
 */
function SafeImage({ src, alt }: { src?: string | Blob; alt?: string }) {
  const { t } = useTranslation('chat');
  const href = typeof src === 'string' ? src : undefined;
  const label = `[${alt || t('image')}]`;
  return href ? (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {label}
    </a>
  ) : (
    <span>{label}</span>
  );
}

const components: Components = {
  img: ({ src, alt }) => <SafeImage src={src} alt={alt} />,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
};

export default function Markdown({ text }: { text: string }) {
  return (
    <div className="pai-md">
      <ReactMarkdown skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
