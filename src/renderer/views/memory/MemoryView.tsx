import { useState } from 'react';
import { App, Button, Empty, Flex, Input, Pagination, Segmented, Spin, Typography } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MemoryItem, MemoryType } from '../../../shared/contract';
import { useMemoryList, useMemoryMutations, useMemorySearch } from '../../hooks/memory';
import { MemoryCard } from './MemoryCard';
import { MemoryForm, type MemoryFormValues } from './MemoryForm';
import { MemorySettingsPanel } from './MemorySettingsPanel';

const PAGE = 20;

/** What Pai remembers: by type, searchable through the recall path, editable, deletable with undo. */
export default function MemoryView() {
  const { t } = useTranslation('memory');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [type, setType] = useState<MemoryType | 'all'>('all');
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<MemoryItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const list = useMemoryList({
    memory_type: type === 'all' ? undefined : type,
    limit: PAGE,
    offset: (page - 1) * PAGE,
  });
  const search = useMemorySearch(query);
  const m = useMemoryMutations();
  const searching = query.trim().length > 0;
  const items = searching ? (search.data?.items ?? []) : (list.data?.items ?? []);
  const loading = searching ? search.isFetching : list.isLoading;
  const error = searching ? search.error : list.error;
  const allCount = list.data?.by_type.reduce((s, b) => s + b.count, 0) ?? 0;

  const fail = (e: Error) => void message.error(tc('error', { message: e.message }));

  const onDelete = (item: MemoryItem) =>
    m.remove.mutate(
      { id: item.id },
      {
        onError: fail,
        onSuccess: ({ undo_token }) => {
          const key = `memory-deleted-${item.id}`;
          void message.open({
            key,
            type: 'success',
            duration: 8,
            content: (
              <Flex gap={8} align="center">
                <span>{t('deleted', { content: item.content.slice(0, 40) })}</span>
                <Button
                  size="small"
                  type="link"
                  onClick={() => {
                    message.destroy(key);
                    m.undoDelete.mutate(
                      { undo_token },
                      { onError: fail, onSuccess: () => void message.success(t('restored')) },
                    );
                  }}
                >
                  {tc('undo')}
                </Button>
              </Flex>
            ),
          });
        },
      },
    );

  const onUndoLearned = (item: MemoryItem) =>
    m.undoLearned.mutate(
      { id: item.id },
      {
        onError: fail,
        onSuccess: (r) =>
          void message.success(
            r.restored
              ? t('restoredPrevious', { content: r.restored.content })
              : t('learnedUndone'),
          ),
      },
    );

  const onSubmit = (v: MemoryFormValues) => {
    const ttl = v.ttl_days === null || v.ttl_days === undefined ? undefined : v.ttl_days;
    const done = () => setFormOpen(false);
    if (editing) {
      m.update.mutate(
        {
          id: editing.id,
          patch: {
            content: v.content,
            memory_type: v.memory_type,
            key: v.key ?? '',
            importance: v.importance,
            ...(ttl !== undefined ? { ttl_days: ttl } : {}),
          },
        },
        { onError: fail, onSuccess: () => (done(), void message.success(t('saved'))) },
      );
    } else {
      m.create.mutate(
        {
          content: v.content,
          memory_type: v.memory_type,
          key: v.key ?? '',
          importance: v.importance,
          ttl_days: ttl ?? null,
        },
        {
          onError: fail,
          onSuccess: (r) => {
            done();
            void message.success(
              r.action === 'updated'
                ? t('savedUpdated')
                : r.action === 'superseded'
                  ? t('savedSuperseded')
                  : t('saved'),
            );
          },
        },
      );
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subtitle')}</Typography.Text>
        </div>
        <Flex gap={8}>
          <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
            {t('settings')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {tc('add')}
          </Button>
        </Flex>
      </Flex>
      <Input.Search
        allowClear
        placeholder={t('searchPlaceholder')}
        onSearch={(v) => setQuery(v)}
        aria-label={t('searchPlaceholder')}
      />
      {!searching && (
        <Segmented
          value={type}
          onChange={(v) => {
            setType(v as MemoryType | 'all');
            setPage(1);
          }}
          options={[
            { value: 'all', label: `${t('all')} ${allCount}` },
            ...(list.data?.by_type ?? []).map((b) => ({
              value: b.memory_type,
              label: `${t(`types.${b.memory_type}`)} ${b.count}`,
            })),
          ]}
        />
      )}
      {error && (
        <Typography.Text type="danger">{tc('error', { message: error.message })}</Typography.Text>
      )}
      <Spin spinning={loading}>
        {items.length === 0 && !loading ? (
          searching ? (
            <Empty description={t('noResults')} />
          ) : (
            <Empty
              description={
                <Flex vertical>
                  <b>{t('emptyTitle')}</b>
                  <span>{t('emptyHint')}</span>
                </Flex>
              }
            />
          )
        ) : (
          <Flex vertical gap={8}>
            {items.map((item) => (
              <MemoryCard
                key={item.id}
                item={item}
                onEdit={(it) => {
                  setEditing(it);
                  setFormOpen(true);
                }}
                onDelete={onDelete}
                onUndoLearned={onUndoLearned}
              />
            ))}
          </Flex>
        )}
      </Spin>
      {!searching && (list.data?.total ?? 0) > PAGE && (
        <Pagination
          current={page}
          pageSize={PAGE}
          total={list.data?.total ?? 0}
          onChange={setPage}
          showTotal={(n) => t('total', { count: n })}
        />
      )}
      <MemoryForm
        open={formOpen}
        item={editing}
        saving={m.update.isPending || m.create.isPending}
        onCancel={() => setFormOpen(false)}
        onSubmit={onSubmit}
      />
      <MemorySettingsPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Flex>
  );
}
