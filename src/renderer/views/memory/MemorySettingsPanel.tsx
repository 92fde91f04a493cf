import { Button, Drawer, Flex, Form, InputNumber, Progress, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  useMemoryIndexProgress,
  useMemoryIndexStatus,
  useMemoryMutations,
  useMemorySettings,
} from '../../hooks/memory';

/** Learning off-switch, recall size, and the vector index (embedder, re-index with progress). */
export function MemorySettingsPanel({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('memory');
  const { settings, update } = useMemorySettings();
  const status = useMemoryIndexStatus();
  const progress = useMemoryIndexProgress();
  const { reindex } = useMemoryMutations();
  const s = settings.data;
  const embedder = status.data?.embedder;
  return (
    <Drawer open={open} onClose={onClose} title={t('settings')} size={380}>
      {s && (
        <Form layout="vertical">
          <Form.Item label={t('learnEnabled')}>
            <Switch
              checked={s.learnEnabled}
              onChange={(v) => update.mutate({ learnEnabled: v })}
              aria-label={t('learnEnabled')}
            />
          </Form.Item>
          <Form.Item label={t('learnIdle')}>
            <InputNumber
              min={1}
              max={1440}
              value={s.learnIdleMinutes}
              onChange={(v) => v && update.mutate({ learnIdleMinutes: v })}
            />
          </Form.Item>
          <Form.Item label={t('recallLimit')}>
            <InputNumber
              min={1}
              max={20}
              value={s.recallLimit}
              onChange={(v) => v && update.mutate({ recallLimit: v })}
            />
          </Form.Item>
        </Form>
      )}
      <Flex vertical gap={8}>
        {status.data && (
          <Typography.Text type="secondary">
            {t('indexInfo', {
              embedder:
                !embedder || embedder.startsWith('pai-hash') ? t('offlineEmbedder') : embedder,
              dims: status.data.dims ?? '—',
              dirty: status.data.dirty,
            })}
          </Typography.Text>
        )}
        {status.data?.vectors_loading && (
          <Typography.Text type="secondary">{t('vectorsLoading')}</Typography.Text>
        )}
        {status.data?.last_error && (
          <Typography.Text type="danger">{status.data.last_error}</Typography.Text>
        )}
        {progress && (
          <>
            <Typography.Text>
              {t('reindexing', { done: progress.done, total: progress.total })}
            </Typography.Text>
            <Progress
              percent={progress.total ? Math.round((100 * progress.done) / progress.total) : 0}
            />
          </>
        )}
        <Button onClick={() => reindex.mutate({})} loading={reindex.isPending || !!progress}>
          {t('reindex')}
        </Button>
      </Flex>
    </Drawer>
  );
}
