import { z } from 'zod';
import type { CoreContext } from '../module';
import type { ScheduleService } from '../schedule';
import { defineTool, type AnyToolDef, type ToolContext } from './types';
import { intArg, json, optText, recentLimitArg } from './args';
import { scheduleEntrySchema, type ScheduleEntry, type ScheduleItem } from '../../shared/contract';

const meta = (c: ToolContext) => ({
  actor: c.actor,
  conversationId: c.conversationId,
  platform: c.platform,
});
/** Reference 000's payload: the item without the view's delivery fields. */
const toEntry = (i: ScheduleItem): ScheduleEntry => scheduleEntrySchema.parse(i);
const blankToUndef = (s: string | undefined): string | undefined => (s && s.trim() ? s : undefined);

const STATUS_HELP = 'PENDING/EXECUTED/CANCELLED/FAILED/MISSED，或中文 待办/已完成/取消/失败/错过';
const REPEAT_HELP =
  '重复规则：daily（每天）、weekdays（工作日）、weekly（每周同一天）、monthly（每月同一天）或 5 段 cron 表达式如 "0 9 * * 1"；按用户时区计算';

/** The six schedule tools of reference 000 (names, parameters, returns kept), plus optional `repeat`. */
export function scheduleTools(_ctx: CoreContext, schedule: ScheduleService): AnyToolDef[] {
  const insert = defineTool({
    name: 'schedule_insert',
    source: 'builtin',
    risk: 'write',
    mainAgent: true,
    description:
      '创建一条提醒/日程，到时间会通知用户。Create a reminder that notifies the person at trigger_time (local wall time).',
    schema: z.object({
      content: z.string().max(500).describe('提醒内容，如 “提醒我开会” (what to remind)'),
      trigger_time: z
        .string()
        .max(64)
        .describe(
          "触发时间，用户本地时间，如 2026-04-07 09:30:00 (local wall time in the person's zone)",
        ),
      status: optText(`状态，默认 PENDING；${STATUS_HELP} (status, default PENDING)`, 32),
      job_id: optText('调度任务 id，留空自动生成 UUID (job id; empty → a new UUID)', 100),
      repeat: optText(`${REPEAT_HELP}；留空为只提醒一次 (optional repeat rule; empty = once)`, 100),
    }),
    summarize: (a, locale) =>
      locale === 'en'
        ? `Remind "${a.content}" at ${a.trigger_time}${a.repeat ? ` (${a.repeat})` : ''}`
        : `创建提醒：${a.trigger_time}「${a.content}」${a.repeat ? `（${a.repeat}）` : ''}`,
    run(a, c) {
      const item = schedule.create(
        c.userId,
        {
          content: a.content,
          trigger_time: a.trigger_time,
          status: blankToUndef(a.status),
          job_id: blankToUndef(a.job_id),
          repeat: blankToUndef(a.repeat),
        },
        meta(c),
      );
      const row = toEntry(item);
      return { output: json(row), output_data: row };
    },
  });

  const update = defineTool({
    name: 'schedule_update',
    source: 'builtin',
    risk: 'write',
    mainAgent: true,
    description:
      '修改一条提醒，只更新传入的字段；改时间会重新安排提醒。Update a reminder; only the given fields change, a new time re-schedules it.',
    schema: z.object({
      schedule_id: intArg('要修改的提醒 id (reminder id)'),
      content: optText('新的提醒内容，留空不变 (new content; empty = unchanged)', 500),
      trigger_time: optText(
        '新的触发时间，用户本地时间，留空不变 (new local time; empty = unchanged)',
        64,
      ),
      status: optText(`新状态，留空不变；${STATUS_HELP} (new status)`, 32),
      repeat: optText(
        `${REPEAT_HELP}；留空不变，"none" 取消重复 (new repeat rule; empty = unchanged, "none" = once)`,
        100,
      ),
    }),
    summarize: (a, locale) =>
      locale === 'en' ? `Update reminder #${a.schedule_id}` : `修改提醒 #${a.schedule_id}`,
    run(a, c) {
      const item = schedule.update(
        c.userId,
        a.schedule_id,
        {
          content: blankToUndef(a.content),
          trigger_time: blankToUndef(a.trigger_time),
          status: blankToUndef(a.status),
          repeat: blankToUndef(a.repeat),
        },
        meta(c),
      );
      const row = toEntry(item);
      return { output: json(row), output_data: row };
    },
  });

  const del = defineTool({
    name: 'schedule_delete',
    source: 'builtin',
    risk: 'destructive',
    mainAgent: true,
    description:
      '删除一条提醒及其投递记录，返回删除前的快照。Delete a reminder and its delivery records; returns its snapshot.',
    schema: z.object({ schedule_id: intArg('要删除的提醒 id (reminder id)') }),
    summarize: (a, locale) =>
      locale === 'en' ? `Delete reminder #${a.schedule_id}` : `删除提醒 #${a.schedule_id}`,
    run(a, c) {
      const before = toEntry(schedule.delete(c.userId, a.schedule_id, meta(c)).deleted);
      return { output: json(before), output_data: before };
    },
  });

  const latest = defineTool({
    name: 'schedule_get_latest',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description: '读取最近创建的一条提醒；没有时返回 {}。Get the most recently created reminder.',
    schema: z.object({}),
    run(_a, c) {
      const row = schedule.latest(c.userId);
      return { output: json(row ?? {}), output_data: row ?? {} };
    },
  });

  const recent = defineTool({
    name: 'schedule_list_recent',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      '按创建先后列出最近 N 条提醒（适合“最近几条提醒”）。List the last N reminders created.',
    schema: z.object({
      limit: recentLimitArg(),
    }),
    run(a, c) {
      const rows = schedule.listRecent(c.userId, a.limit);
      return { output: json(rows), output_data: rows };
    },
  });

  const list = defineTool({
    name: 'schedule_list',
    source: 'builtin',
    risk: 'read',
    mainAgent: true,
    description:
      '按条件查询提醒：状态（支持中英文别名）、触发时间区间（本地时间，end_at 只给日期时包含当天）、内容关键词、id；默认按时间升序。List reminders by status, time range, keyword or ids.',
    schema: z.object({
      status: optText(`状态；${STATUS_HELP} (status or alias)`, 32),
      start_at: optText('开始时间（含），如 2026-04-01 (inclusive start, local)', 64),
      end_at: optText(
        '结束时间；只给日期时包含当天，如 2026-04-30 (end; a date covers that day)',
        64,
      ),
      limit: intArg('最多返回条数，默认 100 (max rows)')
        .pipe(z.number().int().min(1).max(1000))
        .optional()
        .default(100),
      content_like: optText('内容关键词，模糊匹配 (keyword in content)', 200),
      order: z
        .enum(['asc', 'desc'])
        .optional()
        .default('asc')
        .describe('按触发时间排序，默认 asc (order by trigger time)'),
      schedule_ids: z
        .array(intArg('提醒 id'))
        .max(1000)
        .optional()
        .default([])
        .describe('只看这些 id (only these ids)'),
    }),
    run(a, c) {
      const rows = schedule
        .list(c.userId, {
          status: blankToUndef(a.status),
          start_at: blankToUndef(a.start_at),
          end_at: blankToUndef(a.end_at),
          limit: a.limit,
          content_like: blankToUndef(a.content_like),
          order: a.order,
          schedule_ids: a.schedule_ids,
        })
        .map(toEntry);
      return { output: json(rows), output_data: rows };
    },
  });

  return [insert, update, del, latest, recent, list];
}
