import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A new conversation: a few things to try; clicking one sends it. */
export function EmptyThread({
  onPick,
  disabled,
}: {
  onPick: (text: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('chat');
  const examples = t('examples', { returnObjects: true }) as string[];
  return (
    <div className="pai-empty">
      <Typography.Title level={4}>{t('emptyTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('emptyHint')}</Typography.Paragraph>
      <div className="pai-examples">
        {examples.map((e) => (
          <Button key={e} disabled={disabled} onClick={() => onPick(e)}>
            {e}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** No model configured: say what to set up, and where. */
export function NoProvider() {
  const { t } = useTranslation('chat');
  return (
    <Result
      status="info"
      title={t('noProvider.title')}
      subTitle={t('noProvider.body')}
      extra={
        <Button type="primary" href="#/settings">
          {t('noProvider.open')}
        </Button>
      }
    />
  );
}
