import { Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOp } from '../../hooks/api';

const STORED = /^receipt:\/\/[a-f0-9]{64}\.(png|jpg|gif|webp|bmp)$/;

/** A ledger row's receipt image, small; click to see it full size. */
export function ReceiptThumb({ imageUrl, size = 36 }: { imageUrl: string; size?: number }) {
  const { t } = useTranslation('receipts');
  const stored = STORED.test(imageUrl);
  const img = useOp(
    'receipts.image',
    { image_ref: imageUrl },
    { enabled: stored, staleTime: Infinity },
  );
  if (!stored || !img.data) return null;
  return (
    <Image
      src={img.data.data_url}
      width={size}
      height={size}
      style={{ objectFit: 'cover', borderRadius: 4 }}
      alt={t('thumb.alt')}
      data-testid="receipt-thumb"
    />
  );
}
