import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a new person sees before their first entry: one clear thing to do. */
export default function EmptyLedger({ onAdd }: { onAdd(): void }) {
  const { t } = useTranslation('ledger');
  return (
    <Card>
      <Empty
        style={{ padding: '48px 0' }}
        description={
          <>
            <Typography.Title level={4}>{t('empty.title')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('empty.description')}</Typography.Paragraph>
          </>
        }
      >
        <Button type="primary" size="large" icon={<PlusOutlined />} onClick={onAdd}>
          {t('addFirst')}
        </Button>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
          {t('addHint')}
        </Typography.Paragraph>
      </Empty>
    </Card>
  );
}
