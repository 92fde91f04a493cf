import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Rate, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEMORY_TYPES, type MemoryItem, type MemoryType } from '../../../shared/contract';

export interface MemoryFormValues {
  content: string;
  memory_type: MemoryType;
  key: string;
  importance: number;
  ttl_days: number | null;
}

interface Props {
  open: boolean;
  /** null = add a new memory */
  item: MemoryItem | null;
  saving: boolean;
  onCancel(): void;
  onSubmit(values: MemoryFormValues): void;
}

/** Add or edit one memory; the engine validates again and keeps the old text as history. */
export function MemoryForm({ open, item, saving, onCancel, onSubmit }: Props) {
  const { t } = useTranslation('memory');
  const [form] = Form.useForm<MemoryFormValues>();
  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      item
        ? {
            content: item.content,
            memory_type: item.memory_type,
            key: item.key,
            importance: item.importance,
            ttl_days: null,
          }
        : { content: '', memory_type: 'fact', key: '', importance: 3, ttl_days: null },
    );
  }, [open, item, form]);
  return (
    <Modal
      open={open}
      title={item ? t('editTitle') : t('addTitle')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        <Form.Item
          name="content"
          label={t('content')}
          rules={[{ required: true, whitespace: true, message: t('contentRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
        <Form.Item name="memory_type" label={t('type')}>
          <Select options={MEMORY_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))} />
        </Form.Item>
        <Form.Item name="key" label={t('key')} extra={t('keyHelp')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="importance" label={t('importance')}>
          <Rate count={5} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="ttl_days"
          label={t('ttl')}
          extra={item?.expires_at ? `${t('ttlHelp')} · ${item.expires_at}` : t('ttlHelp')}
        >
          <InputNumber min={0} max={36500} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
