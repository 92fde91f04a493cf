import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { isInlineImage } from './attachments';

/** Images sent with a message: shown when carried inline; a remote one is named, never fetched. */
export default function UserImages({ images }: { images?: string[] }) {
  const { t } = useTranslation('chat');
  if (!images?.length) return null;
  return (
    <div className="pai-user-images">
      {images.map((url, i) =>
        isInlineImage(url) ? (
          <Image key={i} src={url} width={96} alt={t('attach.image', { n: i + 1 })} />
        ) : (
          <span key={i} className="pai-remote-image">
            {t('attach.remote', { n: i + 1 })}
          </span>
        ),
      )}
    </div>
  );
}
