import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApprovalCall } from '../../../shared/contract';

interface Props {
  call: ApprovalCall;
  answered: boolean | undefined;
  busy: boolean;
  onAnswer: (approved: boolean, alwaysAllow: boolean) => void;
}

/** Exactly what will run: the summary in the person's language and the arguments as JSON. */
export default function ApprovalCard({ call, answered, busy, onAnswer }: Props) {
  const { t } = useTranslation('chat');
  return (
    <Card
      size="small"
      className="pai-approval-card"
      data-testid="approval-card"
      title={
        <Space>
          {t('approval.title')}
          <Tag color={call.risk === 'destructive' ? 'red' : 'orange'}>
            {t(`approval.risk.${call.risk}`)}
          </Tag>
        </Space>
      }
    >
      <Typography.Paragraph strong>{call.summary}</Typography.Paragraph>
      <Typography.Text type="secondary">
        {t('approval.exactArgs')} · <Typography.Text code>{call.tool}</Typography.Text>
      </Typography.Text>
      <pre className="pai-pre">{JSON.stringify(call.args, null, 2)}</pre>
      {answered === undefined ? (
        <Space wrap>
          <Button
            type="primary"
            danger={call.risk === 'destructive'}
            loading={busy}
            onClick={() => onAnswer(true, false)}
          >
            {t('approval.approve')}
          </Button>
          <Button disabled={busy} onClick={() => onAnswer(false, false)}>
            {t('approval.reject')}
          </Button>
          <Button type="link" disabled={busy} onClick={() => onAnswer(true, true)}>
            {t('approval.alwaysAllow')}
          </Button>
        </Space>
      ) : (
        <Tag color={answered ? 'green' : 'default'}>
          {t(answered ? 'approval.approved' : 'approval.rejected')}
        </Tag>
      )}
    </Card>
  );
}
