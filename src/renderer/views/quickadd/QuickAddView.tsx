import { useEffect, useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Descriptions,
  Input,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuickAddParsed } from '../../../shared/contract';
import { useOp, useOpMutation } from '../../hooks/api';

/** Waits until typing pauses so every keystroke does not ask the engine. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

function Understood({ parsed, onChat }: { parsed: QuickAddParsed; onChat: () => void }) {
  const { t } = useTranslation('quickadd');
  if (parsed.kind === 'unparsed') {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('kind.unparsed')}
        description={parsed.reason}
        action={<Button onClick={onChat}>{t('sendToChat')}</Button>}
      />
    );
  }
  if (parsed.kind === 'ledger') {
    const l = parsed.ledger;
    return (
      <Descriptions
        size="small"
        column={1}
        title={<Tag color="green">{t('kind.ledger')}</Tag>}
        items={[
          {
            key: 'amount',
            label: t('amount'),
            children: `${l.amount}${l.currency ? ` ${l.currency}` : ''}`,
          },
          { key: 'category', label: t('category'), children: l.category },
          { key: 'item', label: t('item'), children: l.item },
          { key: 'when', label: t('when'), children: l.transaction_date.replace('T', ' ') },
        ]}
      />
    );
  }
  const r = parsed.reminder;
  const repeat = r.repeat ?? 'none';
  const repeatLabel = ['none', 'daily', 'weekdays', 'weekly', 'monthly'].includes(repeat)
    ? t(`repeatValue.${repeat}`)
    : repeat;
  return (
    <Descriptions
      size="small"
      column={1}
      title={<Tag color="blue">{t('kind.reminder')}</Tag>}
      items={[
        { key: 'content', label: t('content'), children: r.content },
        { key: 'time', label: t('triggerTime'), children: r.trigger_time.replace('T', ' ') },
        { key: 'repeat', label: t('repeat'), children: repeatLabel },
      ]}
    />
  );
}

/** One line → what it understood → Enter saves. Also the tray's quick-add window (#/quickadd). */
export default function QuickAddView() {
  const { t } = useTranslation('quickadd');
  const { message } = AntApp.useApp();
  const [line, setLine] = useState('');
  const query = useDebounced(line.trim(), 200);
  const parsed = useOp('quickadd.parse', { line: query }, { enabled: query.length > 0 });
  const save = useOpMutation('quickadd.save', {
    onSuccess: () => {
      void message.success(t('saved'));
      setLine('');
    },
    onError: (e) => void message.error(e.message),
  });
  const current = query === line.trim() ? parsed.data : undefined;
  const savable = current && current.kind !== 'unparsed' ? current : null;
  const toChat = () => {
    window.location.hash = `#/chat?draft=${encodeURIComponent(line.trim())}`;
  };

  return (
    <Card title={t('title')} style={{ maxWidth: 640 }}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Input
          autoFocus
          size="large"
          aria-label={t('title')}
          placeholder={t('placeholder')}
          value={line}
          maxLength={500}
          onChange={(e) => setLine(e.target.value)}
          onPressEnter={() => {
            if (savable && !save.isPending) save.mutate(savable);
          }}
        />
        <Typography.Text type="secondary">{t('hint')}</Typography.Text>
        {parsed.error ? <Alert type="error" title={parsed.error.message} /> : null}
        {current ? <Understood parsed={current} onChat={toChat} /> : null}
        {savable ? (
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate(savable)}>
            {t('save')}
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}
