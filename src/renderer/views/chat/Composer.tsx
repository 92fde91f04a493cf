import { useRef, useState } from 'react';
import { App, Button, Input, Tooltip } from 'antd';
import { CloseOutlined, PictureOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACCEPT, MAX_IMAGES, readImages } from './attachments';

interface Props {
  running: boolean;
  disabled: boolean;
  onSend: (text: string, images: string[]) => Promise<boolean>;
  onStop: () => void;
}

/**
 * Enter sends, Shift+Enter adds a line; while a turn runs the button stops it.
 * Images (up to 4) come from the picture button, a paste or a drop, and go
 * with the next message.
 */
export default function Composer({ running, disabled, onSend, onStop }: Props) {
  const { t } = useTranslation('chat');
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const attach = async (files: File[]) => {
    if (!files.length || disabled) return;
    const { urls, problem } = await readImages(files, images.length);
    if (urls.length) setImages((prev) => [...prev, ...urls].slice(0, MAX_IMAGES));
    if (problem) void message.warning(t(`attach.${problem}`, { max: MAX_IMAGES }));
  };

  const send = async () => {
    const value = text.trim();
    if (!value || running || sending || disabled) return;
    setSending(true);
    try {
      if (await onSend(value, images)) {
        setText('');
        setImages([]);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <div
      className="pai-composer-box"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        void attach([...e.dataTransfer.files]);
      }}
    >
      {images.length > 0 && (
        <div className="pai-attachments" aria-label={t('attach.list')}>
          {images.map((url, i) => (
            <div className="pai-attachment" key={`${i}-${url.length}`}>
              <img src={url} alt={t('attach.image', { n: i + 1 })} />
              <Button
                size="small"
                shape="circle"
                icon={<CloseOutlined />}
                aria-label={t('attach.remove', { n: i + 1 })}
                onClick={() => setImages((prev) => prev.filter((_, j) => j !== i))}
              />
            </div>
          ))}
        </div>
      )}
      <div className="pai-composer">
        <input
          ref={picker}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="composer-file"
          onChange={(e) => {
            void attach([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <Tooltip title={t('attach.button', { max: MAX_IMAGES })}>
          <Button
            icon={<PictureOutlined />}
            aria-label={t('attach.button', { max: MAX_IMAGES })}
            disabled={disabled || images.length >= MAX_IMAGES}
            onClick={() => picker.current?.click()}
          />
        </Tooltip>
        <Input.TextArea
          aria-label={t('placeholder')}
          placeholder={t('placeholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onPaste={(e) => {
            const files = [...e.clipboardData.files].filter((f) => f.type.startsWith('image/'));
            if (files.length) {
              e.preventDefault();
              void attach(files);
            }
          }}
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
    </div>
  );
}
