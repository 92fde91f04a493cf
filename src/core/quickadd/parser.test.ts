import { afterEach, describe, expect, it } from 'vitest';
import { quickAddParsedSchema, type QuickAddParsed } from '../../shared/contract';
import { parseQuickAdd } from './parser';

const CATEGORIES = ['餐饮', '交通', '购物', '日用', '娱乐', '居住', '医疗', '教育', '其他'];

function L(
  amount: number,
  category: string,
  item: string,
  transaction_date: string,
  currency?: string,
): QuickAddParsed {
  return {
    kind: 'ledger',
    ledger: { amount, category, item, transaction_date, ...(currency ? { currency } : {}) },
  };
}
function R(content: string, trigger_time: string, repeat: string | null = null): QuickAddParsed {
  return { kind: 'reminder', reminder: { content, trigger_time, repeat } };
}

function parse(line: string, zone: string, nowIso: string): QuickAddParsed {
  return parseQuickAdd(line, {
    now: Date.parse(nowIso),
    timeZone: zone,
    categories: CATEGORIES,
    currency: 'CNY',
  });
}

// Reference: Wednesday 2026-04-08 10:30 in Shanghai (UTC+8, no DST).
const SHANGHAI: [string, QuickAddParsed][] = [
  ['咖啡 18', L(18, '餐饮', '咖啡', '2026-04-08T10:30:00+08:00')],
  ['昨天打车 36.5', L(36.5, '交通', '打车', '2026-04-07T12:00:00+08:00')],
  ['午饭 32 餐饮', L(32, '餐饮', '午饭', '2026-04-08T10:30:00+08:00')],
  ['lunch 12.5', L(12.5, '餐饮', 'lunch', '2026-04-08T10:30:00+08:00')],
  ['明早9点提醒我交报告', R('交报告', '2026-04-09T09:00:00+08:00')],
  ['下周三晚上8点 和妈妈视频', R('和妈妈视频', '2026-04-15T20:00:00+08:00')],
  ['每周一9点 周会', R('周会', '2026-04-13T09:00:00+08:00', 'weekly')],
  ['3天后提醒我还书', R('还书', '2026-04-11T09:00:00+08:00')],
  ['早餐 包子 8', L(8, '餐饮', '早餐 包子', '2026-04-08T10:30:00+08:00')],
  ['星巴克拿铁 ¥32', L(32, '餐饮', '星巴克拿铁', '2026-04-08T10:30:00+08:00')],
  ['晚饭 128.8 餐饮', L(128.8, '餐饮', '晚饭', '2026-04-08T10:30:00+08:00')],
  ['地铁 4', L(4, '交通', '地铁', '2026-04-08T10:30:00+08:00')],
  ['滴滴 23.6元', L(23.6, '交通', '滴滴', '2026-04-08T10:30:00+08:00')],
  ['高铁票 553', L(553, '交通', '高铁票', '2026-04-08T10:30:00+08:00')],
  ['加油 300块', L(300, '交通', '加油', '2026-04-08T10:30:00+08:00')],
  ['淘宝 买衣服 199', L(199, '购物', '淘宝 买衣服', '2026-04-08T10:30:00+08:00')],
  ['超市 86.5', L(86.5, '日用', '超市', '2026-04-08T10:30:00+08:00')],
  ['电影 2张 90', L(90, '娱乐', '电影 2张', '2026-04-08T10:30:00+08:00')],
  ['房租 3500', L(3500, '居住', '房租', '2026-04-08T10:30:00+08:00')],
  ['电费 120 居住', L(120, '居住', '电费', '2026-04-08T10:30:00+08:00')],
  ['挂号 50', L(50, '医疗', '挂号', '2026-04-08T10:30:00+08:00')],
  ['买书 45', L(45, '教育', '买书', '2026-04-08T10:30:00+08:00')],
  ['网课 299 教育', L(299, '教育', '网课', '2026-04-08T10:30:00+08:00')],
  ['昨天 午饭 28', L(28, '餐饮', '午饭', '2026-04-07T12:00:00+08:00')],
  ['前天 打车 17.5', L(17.5, '交通', '打车', '2026-04-06T12:00:00+08:00')],
  ['上周五 聚餐 260', L(260, '餐饮', '聚餐', '2026-04-03T12:00:00+08:00')],
  ['3天前 买药 42', L(42, '医疗', '买药', '2026-04-05T12:00:00+08:00')],
  ['9点 早餐 15', L(15, '餐饮', '早餐', '2026-04-08T09:00:00+08:00')],
  ['花了50买书', L(50, '教育', '买书', '2026-04-08T10:30:00+08:00')],
  ['咖啡18', L(18, '餐饮', '咖啡', '2026-04-08T10:30:00+08:00')],
  ['2杯奶茶 36', L(36, '餐饮', '2杯奶茶', '2026-04-08T10:30:00+08:00')],
  ['三十五块 水果', L(35, '餐饮', '水果', '2026-04-08T10:30:00+08:00')],
  ['3块5 矿泉水', L(3.5, '餐饮', '矿泉水', '2026-04-08T10:30:00+08:00')],
  ['coffee 5.5', L(5.5, '餐饮', 'coffee', '2026-04-08T10:30:00+08:00')],
  ['taxi 18 yesterday', L(18, '交通', 'taxi', '2026-04-07T12:00:00+08:00')],
  ['groceries 56.2', L(56.2, '日用', 'groceries', '2026-04-08T10:30:00+08:00')],
  ['movie tickets 80', L(80, '娱乐', 'movie tickets', '2026-04-08T10:30:00+08:00')],
  ['rent 3000 housing', L(3000, '居住', 'rent', '2026-04-08T10:30:00+08:00')],
  ['dinner 45 at 7pm yesterday', L(45, '餐饮', 'dinner', '2026-04-07T19:00:00+08:00')],
  ['uber 23.5 on monday', L(23.5, '交通', 'uber', '2026-04-06T12:00:00+08:00')],
  ['12.5 dollars lunch', L(12.5, '餐饮', 'lunch', '2026-04-08T10:30:00+08:00', 'USD')],
  ['coffee $4.5', L(4.5, '餐饮', 'coffee', '2026-04-08T10:30:00+08:00', 'USD')],
  ['€20 museum', L(20, '其他', 'museum', '2026-04-08T10:30:00+08:00', 'EUR')],
  ['lunch 12 today', L(12, '餐饮', 'lunch', '2026-04-08T10:30:00+08:00')],
  ['18', L(18, '其他', '消费', '2026-04-08T10:30:00+08:00')],
  ['32 餐饮', L(32, '餐饮', '餐饮', '2026-04-08T10:30:00+08:00')],
  ['明天下午3点 开会', R('开会', '2026-04-09T15:00:00+08:00')],
  ['今晚8点看电影', R('看电影', '2026-04-08T20:00:00+08:00')],
  ['后天提醒我取快递', R('取快递', '2026-04-10T09:00:00+08:00')],
  ['周五晚上7点 吃饭', R('吃饭', '2026-04-10T19:00:00+08:00')],
  ['下午两点 开会', R('开会', '2026-04-08T14:00:00+08:00')],
  ['明天早上八点半 跑步', R('跑步', '2026-04-09T08:30:00+08:00')],
  ['半小时后提醒我出门', R('出门', '2026-04-08T11:00:00+08:00')],
  ['10分钟后提醒我关火', R('关火', '2026-04-08T10:40:00+08:00')],
  ['1小时后 喝水', R('喝水', '2026-04-08T11:30:00+08:00')],
  ['12月25日上午十点 圣诞聚会', R('圣诞聚会', '2026-12-25T10:00:00+08:00')],
  ['5月1日 旅行', R('旅行', '2026-05-01T09:00:00+08:00')],
  ['明天上午 交材料', R('交材料', '2026-04-09T09:00:00+08:00')],
  ['今天提醒我买菜', R('买菜', '2026-04-08T11:30:00+08:00')],
  ['晚上8点 电影票 60', R('电影票 60', '2026-04-08T20:00:00+08:00')],
  ['每天早上8点 吃药', R('吃药', '2026-04-09T08:00:00+08:00', 'daily')],
  ['每晚10点 洗漱', R('洗漱', '2026-04-08T22:00:00+08:00', 'daily')],
  ['工作日 8:30 打卡', R('打卡', '2026-04-09T08:30:00+08:00', 'weekdays')],
  ['每周五下午5点 周报', R('周报', '2026-04-10T17:00:00+08:00', 'weekly')],
  ['每周一三五 早上7点 跑步', R('跑步', '2026-04-10T07:00:00+08:00', '0 7 * * 1,3,5')],
  ['每月15号 还信用卡', R('还信用卡', '2026-04-15T09:00:00+08:00', 'monthly')],
  ['每月1号 交房租 3000', R('交房租 3000', '2026-05-01T09:00:00+08:00', 'monthly')],
  ['每月31号 对账', R('对账', '2026-05-31T09:00:00+08:00', '0 9 31 * *')],
  ['next friday 8pm call mom', R('call mom', '2026-04-17T20:00:00+08:00')],
  ['tomorrow 9am submit report', R('submit report', '2026-04-09T09:00:00+08:00')],
  ['remind me at 5pm to call mom', R('call mom', '2026-04-08T17:00:00+08:00')],
  ['remind me to pay rent tomorrow', R('pay rent', '2026-04-09T09:00:00+08:00')],
  ['in 2 hours check the oven', R('check the oven', '2026-04-08T12:30:00+08:00')],
  ['in 10 minutes stretch', R('stretch', '2026-04-08T10:40:00+08:00')],
  ['in 3 days return the book', R('return the book', '2026-04-11T09:00:00+08:00')],
  ['every day at 7am workout', R('workout', '2026-04-09T07:00:00+08:00', 'daily')],
  ['every weekday 9am standup', R('standup', '2026-04-09T09:00:00+08:00', 'weekdays')],
  ['every monday 10am standup', R('standup', '2026-04-13T10:00:00+08:00', 'weekly')],
  ['every monday and thursday 6pm gym', R('gym', '2026-04-09T18:00:00+08:00', '0 18 * * 1,4')],
  ['tonight 9pm call dad', R('call dad', '2026-04-08T21:00:00+08:00')],
  ['下个月1号交房租', R('交房租', '2026-05-01T09:00:00+08:00')],
  ['下个月5号下午3点 体检', R('体检', '2026-05-05T15:00:00+08:00')],
  ['下个月31号 交水费', R('交水费', '2026-05-31T09:00:00+08:00')],
];

// Reference: Saturday 2026-03-07 10:00 in New York, the day before clocks spring forward:
// tomorrow's times carry -04:00, today's -05:00.
const NEW_YORK: [string, QuickAddParsed][] = [
  ['明天9点 开会', R('开会', '2026-03-08T09:00:00-04:00')],
  ['咖啡 4.5', L(4.5, '餐饮', '咖啡', '2026-03-07T10:00:00-05:00')],
  ['昨天 午饭 20', L(20, '餐饮', '午饭', '2026-03-06T12:00:00-05:00')],
  ['每天早上7点 跑步', R('跑步', '2026-03-08T07:00:00-04:00', 'daily')],
  ['下周一9点 周会', R('周会', '2026-03-09T09:00:00-04:00')],
  ['tomorrow 9am dentist', R('dentist', '2026-03-08T09:00:00-04:00')],
  ['lunch 15', L(15, '餐饮', 'lunch', '2026-03-07T10:00:00-05:00')],
  ['2小时后 喝水', R('喝水', '2026-03-07T12:00:00-05:00')],
  ['in 3 days return the book', R('return the book', '2026-03-10T09:00:00-04:00')],
  ['every sunday 10am call home', R('call home', '2026-03-08T10:00:00-04:00', 'weekly')],
  ['11月1日 9点 换季', R('换季', '2026-11-01T09:00:00-05:00')],
  ['昨天打车 36.5', L(36.5, '交通', '打车', '2026-03-06T12:00:00-05:00')],
];

// Lines it must refuse, with the words (English half of the reason) that say why.
const REFUSED: [string, RegExp][] = [
  ['', /empty/],
  ['   ', /empty/],
  ['你好', /no amount and no time/],
  ['谢谢', /no amount and no time/],
  ['哈哈哈', /no amount and no time/],
  ['123abc', /no amount and no time/],
  ['123abc?', /question/],
  ['今天天气怎么样？', /question/],
  ['明天会下雨吗', /question/],
  ['what is my balance', /question/],
  ['咖啡 -18', /more than 0/],
  ['咖啡 18 蛋糕 25', /several amounts/],
  ['电话 13800138000', /too large/],
  ['咖啡 99999999', /too large/],
  ['午饭 12.345', /too many decimals/],
  ['打车 0', /more than 0/],
  ['提醒我交报告', /no time found/],
  ['明天', /nothing to be reminded of/],
  ['昨天9点 开会', /in the past/],
  ['x', /no amount and no time/],
  ['咖啡'.repeat(120), /too long/],
];

describe('quick-add parser', () => {
  it.each(SHANGHAI)('Asia/Shanghai: %s', (line, expected) => {
    expect(parse(line, 'Asia/Shanghai', '2026-04-08T10:30:00+08:00')).toEqual(expected);
  });

  it.each(NEW_YORK)('America/New_York: %s', (line, expected) => {
    expect(parse(line, 'America/New_York', '2026-03-07T10:00:00-05:00')).toEqual(expected);
  });

  it.each(REFUSED)('refuses %j', (line, why) => {
    const r = parse(line, 'Asia/Shanghai', '2026-04-08T10:30:00+08:00');
    expect(r.kind).toBe('unparsed');
    if (r.kind !== 'unparsed') return;
    expect(r.reason).toMatch(why);
    expect(r.suggestion).toBe('chat');
  });

  it('covers at least 60 lines with expected results', () => {
    expect(SHANGHAI.length + NEW_YORK.length + REFUSED.length).toBeGreaterThanOrEqual(60);
  });

  it('uses the person’s categories for explicit category words', () => {
    const r = parseQuickAdd('猫粮 88 宠物', {
      now: Date.parse('2026-04-08T10:30:00+08:00'),
      timeZone: 'Asia/Shanghai',
      categories: [...CATEGORIES, '宠物'],
      currency: 'CNY',
    });
    expect(r).toEqual(L(88, '宠物', '猫粮', '2026-04-08T10:30:00+08:00'));
  });

  it('names the currency only when it differs from the default', () => {
    const opts = {
      now: Date.parse('2026-04-08T10:30:00+08:00'),
      timeZone: 'Asia/Shanghai',
      categories: CATEGORIES,
    };
    expect(parseQuickAdd('lunch 12 元', { ...opts, currency: 'USD' })).toEqual(
      L(12, '餐饮', 'lunch', '2026-04-08T10:30:00+08:00', 'CNY'),
    );
    expect(parseQuickAdd('lunch $12', { ...opts, currency: 'USD' })).toEqual(
      L(12, '餐饮', 'lunch', '2026-04-08T10:30:00+08:00'),
    );
  });

  describe('does not depend on the machine’s time zone', () => {
    const saved = process.env.TZ;
    afterEach(() => {
      process.env.TZ = saved;
    });
    it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo'])('process TZ=%s', (tz) => {
      process.env.TZ = tz;
      expect(parse('明早9点提醒我交报告', 'Asia/Shanghai', '2026-04-08T23:30:00+08:00')).toEqual(
        R('交报告', '2026-04-09T09:00:00+08:00'),
      );
      expect(parse('昨天打车 36.5', 'Asia/Shanghai', '2026-04-08T00:30:00+08:00')).toEqual(
        L(36.5, '交通', '打车', '2026-04-07T12:00:00+08:00'),
      );
    });
  });
});

describe('quick-add parser on arbitrary text', () => {
  it('never throws and always answers in the contract’s shape', () => {
    // Deterministic pseudo-random lines mixing the parser's vocabulary with noise.
    const pieces = [
      '咖啡',
      '18',
      '36.5',
      '¥',
      '元',
      '块',
      '明天',
      '昨天',
      '下周三',
      '晚上',
      '8点',
      '每周一',
      '每月',
      '31号',
      '提醒我',
      'remind me',
      'tomorrow',
      'in 3 days',
      'every',
      'monday',
      '$',
      '12.345',
      '-5',
      '?',
      '吗',
      '3天后',
      '10分钟后',
      '0',
      '99999999',
      '😀',
      'DROP TABLE ledgers;',
      '\u0000',
      '  ',
      'at',
      'pm',
      '：',
      '１８',
      '十八块',
      '半小时后',
      '2026-02-30',
      '25:99',
    ];
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 400; i++) {
      const n = 1 + Math.floor(rnd() * 5);
      const line = Array.from({ length: n }, () => pieces[Math.floor(rnd() * pieces.length)]).join(
        rnd() < 0.5 ? ' ' : '',
      );
      const r = parse(line, 'Asia/Shanghai', '2026-04-08T10:30:00+08:00');
      expect(quickAddParsedSchema.safeParse(r).success, line).toBe(true);
    }
  });
});
