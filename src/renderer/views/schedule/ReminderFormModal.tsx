import { useEffect, useMemo } from 'react';
import { Alert, App, DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ScheduleItem } from '../../../shared/contract';
import { useCreateReminder, useUpdateReminder } from '../../hooks/schedule';
import { nowInZone, toWallText, wallDayjs } from '../../format/wallTime';
import { defaultTriggerTime } from './time';

export const REPEAT_CHOICES = ['none', 'daily', 'weekdays', 'weekly', 'monthly', 'custom'] as const;
type RepeatChoice = (typeof REPEAT_CHOICES)[number];

interface FormValues {
  content: string;
  time: Dayjs;
  repeat: RepeatChoice;
  cron?: string;
}

function choiceOf(repeat: string | null): { repeat: RepeatChoice; cron?: string } {
  if (!repeat) return { repeat: 'none' };
  if ((REPEAT_CHOICES as readonly string[]).includes(repeat))
    return { repeat: repeat as RepeatChoice };
  return { repeat: 'custom', cron: repeat };
}

function repeatOf(v: FormValues): string | null {
  if (v.repeat === 'none') return null;
  if (v.repeat === 'custom') return (v.cron ?? '').trim();
  return v.repeat;
}

export interface ReminderFormModalProps {
  open: boolean;
  /** null: create a new one. */
  item: ScheduleItem | null;
  zone: string | undefined;
  onClose(): void;
}

/** Create or edit a reminder: what, when (date-time picker, the person's wall time) and how it repeats. */
export default function ReminderFormModal({ open, item, zone, onClose }: ReminderFormModalProps) {
  const { t } = useTranslation('schedule');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateReminder();
  const update = useUpdateReminder();
  const repeat = Form.useWatch('repeat', form);
  const time = Form.useWatch('time', form);

  const initial = useMemo<FormValues>(
    () =>
      item
        ? { content: item.content, time: wallDayjs(item.trigger_time), ...choiceOf(item.repeat) }
        : { content: '', time: defaultTriggerTime(nowInZone(zone)), repeat: 'none' },
    [item, zone],
  );

  useEffect(() => {
    if (open) form.setFieldsValue({ cron: undefined, ...initial });
  }, [open, initial, form]);

  const isPast = !!time && time.isBefore(nowInZone(zone));
  const saving = create.isPending || update.isPending;

  const submit = async () => {
    const v = await form.validateFields();
    const onError = (err: Error) => {
      if (/cron|repeat/i.test(err.message))
        form.setFields([{ name: 'cron', errors: [err.message] }]);
      else if (/trigger_time/.test(err.message))
        form.setFields([{ name: 'time', errors: [err.message] }]);
      else void message.error(t('common:error', { message: err.message }));
    };
    const triggerTime = toWallText(v.time);
    if (!item) {
      create.mutate(
        { content: v.content.trim(), trigger_time: triggerTime, repeat: repeatOf(v) },
        {
          onSuccess: () => {
            void message.success(t('created'));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    // Send only what changed: re-sending the time would re-anchor a monthly rule on this occurrence.
    const patch: { content?: string; trigger_time?: string; repeat?: string | null } = {};
    if (v.content.trim() !== item.content) patch.content = v.content.trim();
    if (triggerTime !== toWallText(initial.time)) patch.trigger_time = triggerTime;
    if (repeatOf(v) !== item.repeat) patch.repeat = repeatOf(v);
    update.mutate(
      { id: item.id, patch },
      {
        onSuccess: () => {
          void message.success(t('saved'));
          onClose();
        },
        onError,
      },
    );
  };

  return (
    <Modal
      open={open}
      title={item ? t('form.editTitle') : t('form.createTitle')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={saving}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        requiredMark={false}
        name="reminder"
      >
        <Form.Item
          name="content"
          label={t('form.content')}
          rules={[{ required: true, whitespace: true, message: t('form.contentRequired') }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={500}
            placeholder={t('form.contentPlaceholder')}
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="time"
          label={t('form.time')}
          rules={[{ required: true, message: t('form.timeRequired') }]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            allowClear={false}
          />
        </Form.Item>
        <Form.Item name="repeat" label={t('form.repeat')}>
          <Select options={REPEAT_CHOICES.map((c) => ({ value: c, label: t(`repeat.${c}`) }))} />
        </Form.Item>
        {repeat === 'custom' && (
          <Form.Item
            name="cron"
            label={t('form.cron')}
            extra={t('form.cronHelp')}
            rules={[{ required: true, whitespace: true, message: t('form.cronRequired') }]}
          >
            <Input placeholder="0 9 * * 1-5" spellCheck={false} />
          </Form.Item>
        )}
        {isPast && repeat === 'none' && (
          <Alert type="warning" showIcon title={t('form.pastHint')} style={{ marginBottom: 12 }} />
        )}
        {zone && <Typography.Text type="secondary">{t('form.zone', { zone })}</Typography.Text>}
      </Form>
    </Modal>
  );
}
