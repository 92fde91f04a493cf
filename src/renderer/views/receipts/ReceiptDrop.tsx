import { useCallback, useRef, useState } from 'react';
import { Alert, Progress, Space, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EventPayload, LedgerEntry } from '../../../shared/contract';
import { useEvent, useOpMutation } from '../../hooks/api';
import { ReceiptCard } from './ReceiptCard';
import { fileToBase64, MAX_RECEIPT_BYTES } from './fileToBase64';

/** Drop zone for receipts: reads the image (vision model or offline OCR) and shows the card. */
export function ReceiptDrop({ onBooked }: { onBooked?: (entry: LedgerEntry) => void }) {
  const { t } = useTranslation('receipts');
  const requestId = useRef('');
  const [progress, setProgress] = useState<EventPayload<'receipt.progress'> | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const analyze = useOpMutation('receipts.analyze');

  const onProgress = useCallback((p: EventPayload<'receipt.progress'>) => {
    if (p.request_id === requestId.current) setProgress(p);
  }, []);
  useEvent('receipt.progress', onProgress);

  const handleFile = async (file: File) => {
    setLocalError(null);
    setProgress(null);
    analyze.reset();
    if (file.size > MAX_RECEIPT_BYTES) {
      setLocalError(t('errors.tooBig'));
      return;
    }
    let data: string;
    try {
      data = await fileToBase64(file);
    } catch {
      setLocalError(t('errors.read'));
      return;
    }
    requestId.current = `drop-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    analyze.mutate({ data_base64: data, file_name: file.name, request_id: requestId.current });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {!analyze.data && (
        <Upload.Dragger
          accept="image/*"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void handleFile(file);
            return false;
          }}
          disabled={analyze.isPending}
          data-testid="receipt-drop"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {analyze.isPending ? t('drop.reading') : t('drop.title')}
          </p>
          <p className="ant-upload-hint">{t('drop.hint')}</p>
        </Upload.Dragger>
      )}
      {analyze.isPending && progress && (
        <Progress
          percent={Math.round(progress.progress * 100)}
          size="small"
          format={() => t('drop.ocr', { status: progress.status })}
        />
      )}
      {(localError || analyze.error) && (
        <Alert
          type="error"
          showIcon
          title={localError ?? analyze.error?.message}
          data-testid="receipt-error"
        />
      )}
      {analyze.data && (
        <ReceiptCard analysis={analyze.data} onDone={() => analyze.reset()} onBooked={onBooked} />
      )}
    </Space>
  );
}
