import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  question: string;
  options: string[];
  busy: boolean;
  onAnswer: (answer: string) => void;
}

/** The agent's question: one button per option, or a free-text answer. */
export default function ClarifyCard({ question, options, busy, onAnswer }: Props) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  return (
    <Card
      size="small"
      className="pai-clarify-card"
      data-testid="clarify-card"
      title={t('clarify.title')}
    >
      <Typography.Paragraph strong>{question}</Typography.Paragraph>
      {options.length > 0 && (
        <Space wrap style={{ marginBottom: 8 }}>
          {options.map((o) => (
            <Button key={o} disabled={busy} onClick={() => onAnswer(o)}>
              {o}
            </Button>
          ))}
        </Space>
      )}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={text}
          placeholder={t('clarify.answerPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => text.trim() && onAnswer(text.trim())}
        />
        <Button
          type="primary"
          disabled={busy || !text.trim()}
          onClick={() => onAnswer(text.trim())}
        >
          {t('clarify.answer')}
        </Button>
      </Space.Compact>
    </Card>
  );
}
