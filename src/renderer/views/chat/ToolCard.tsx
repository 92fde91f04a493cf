import { Collapse, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import WritePreview, { parseWritePreview } from './WritePreview';

export interface ToolCardData {
  call_id: string;
  name: string;
  args: unknown;
  status: 'running' | 'ok' | 'error' | 'skipped' | 'answered';
  summary?: string;
  /** The full stored result (the summary may be cut at 500 characters). */
  content?: string;
  latency_ms?: number;
  error?: string;
}

const COLOR: Record<ToolCardData['status'], string> = {
  running: 'processing',
  ok: 'success',
  error: 'error',
  skipped: 'warning',
  answered: 'blue',
};

function json(v: unknown): string {
  try {
    return JSON.stringify(v, null, 2) ?? '';
  } catch {
    return String(v);
  }
}

/** One tool call, collapsed to a line: name, status, latency; open for args and result. */
export default function ToolCard({ card }: { card: ToolCardData }) {
  const { t } = useTranslation('chat');
  const preview = card.error ? null : parseWritePreview(card.name, card.content ?? card.summary);
  const header = (
    <span className="pai-tool-head">
      <Typography.Text code>{card.name}</Typography.Text>
      <Tag color={COLOR[card.status]}>{t(`tool.${card.status}`)}</Tag>
      {card.latency_ms !== undefined && (
        <Typography.Text type="secondary">
          {t('tool.latency', { ms: Math.round(card.latency_ms) })}
        </Typography.Text>
      )}
    </span>
  );
  return (
    <Collapse
      size="small"
      className="pai-tool-card"
      data-testid="tool-card"
      // A batch-change preview is what the person must see before approving: open it.
      defaultActiveKey={preview ? [card.call_id] : []}
      items={[
        {
          key: card.call_id,
          label: header,
          children: (
            <div>
              {preview && <WritePreview data={preview} />}
              <Typography.Text type="secondary">{t('tool.args')}</Typography.Text>
              <pre className="pai-pre">{json(card.args)}</pre>
              {preview
                ? null
                : (card.summary || card.error) && (
                    <>
                      <Typography.Text type="secondary">{t('tool.result')}</Typography.Text>
                      <pre className="pai-pre">{card.error ?? card.summary}</pre>
                    </>
                  )}
            </div>
          ),
        },
      ]}
    />
  );
}
