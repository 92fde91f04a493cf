import { useState } from 'react';
import { Button, Input } from 'antd';
import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  running: boolean;
  disabled: boolean;
  onSend: (text: string) => Promise<boolean>;
  onStop: () => void;
}

/** Enter sends, Shift+Enter adds a line; while a turn runs the button stops it. */
export default function Composer({ running, disabled, onSend, onStop }: Props) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    const value = text.trim();
    if (!value || running || sending || disabled) return;
    setSending(true);
    try {
      if (await onSend(value)) setText('');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="pai-composer">
      <Input.TextArea
        aria-label={t('placeholder')}
        placeholder={t('placeholder')}
        autoSize={{ minRows: 1, maxRows: 6 }}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      {running ? (
        <Button danger icon={<StopOutlined />} onClick={onStop}>
          {t('stop')}
        </Button>
      ) : (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          disabled={disabled || !text.trim()}
          onClick={() => void send()}
        >
          {t('send')}
        </Button>
      )}
    </div>
  );
}
