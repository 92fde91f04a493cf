import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A receipt to render: its lines, and the amount a reader should find. */
export interface ReceiptSpec {
  name: string;
  lang: 'zh' | 'en';
  font: string;
  size: number;
  lines: string[];
  amount: number;
  /** Payment-screenshot style: big amount line, light grey background. */
  screenshot?: boolean;
}

const ZH = 'Noto-Sans-CJK-SC';
const ZH_BOLD = 'Noto-Sans-CJK-SC-Bold';
const ZH_MONO = 'Noto-Sans-Mono-CJK-SC';

/** 24 receipts: Chinese and English, several fonts, sizes and layouts, with distracting numbers. */
export const RECEIPTS: ReceiptSpec[] = [
  {
    name: 'zh-coffee',
    lang: 'zh',
    font: ZH,
    size: 28,
    amount: 32,
    lines: [
      '瑞幸咖啡 (国贸店)',
      '生椰拿铁  1  ¥18.00',
      '美式咖啡  1  ¥14.00',
      '合计: ¥32.00',
      '实付 ¥32.00',
      '2026-04-06 12:30',
    ],
  },
  {
    name: 'zh-supermarket',
    lang: 'zh',
    font: ZH_MONO,
    size: 24,
    amount: 86.4,
    lines: [
      '华润万家超市',
      '单号: 20260406001234',
      '牛奶 2 x 12.50   25.00',
      '面包 1 x 9.90     9.90',
      '鸡蛋 1 x 21.50   21.50',
      '苹果 1 x 30.00   30.00',
      '合计          86.40',
      '现金          100.00',
      '找零          13.60',
      '2026/04/06 18:21',
    ],
  },
  {
    name: 'zh-restaurant',
    lang: 'zh',
    font: ZH,
    size: 30,
    amount: 168,
    lines: [
      '老北京炸酱面馆',
      '桌号: 12   人数: 3',
      '炸酱面 x3    96.00',
      '凉菜 x2      48.00',
      '饮料 x2      24.00',
      '应付金额: 168.00元',
      '2026年4月5日 19:40',
    ],
  },
  {
    name: 'zh-didi',
    lang: 'zh',
    font: ZH,
    size: 32,
    amount: 46.8,
    screenshot: true,
    lines: ['滴滴出行', '行程账单', '-46.80', '支付成功', '优惠券 -5.00', '2026-04-08 19:05'],
  },
  {
    name: 'zh-pharmacy',
    lang: 'zh',
    font: ZH_BOLD,
    size: 26,
    amount: 57.5,
    lines: [
      '老百姓大药房',
      '布洛芬缓释胶囊  1  27.50',
      '医用口罩        2  30.00',
      '总计: 57.50',
      '电话: 010-88886666',
    ],
  },
  {
    name: 'zh-cinema',
    lang: 'zh',
    font: ZH,
    size: 28,
    amount: 79.9,
    lines: [
      '万达影城',
      '影片: 流浪地球',
      '座位: 7排12座',
      '票价 ¥89.90',
      '会员优惠 -10.00',
      '实付金额 ¥79.90',
      '2026-03-28 20:15',
    ],
  },
  {
    name: 'zh-milk-tea',
    lang: 'zh',
    font: ZH_MONO,
    size: 26,
    amount: 19,
    lines: [
      '喜茶 HEYTEA',
      '多肉葡萄 大杯',
      '数量 1',
      '小计 19.00',
      '合计 ￥19.00',
      '2026-04-10 15:02',
    ],
  },
  {
    name: 'zh-rail',
    lang: 'zh',
    font: ZH,
    size: 28,
    amount: 553.5,
    lines: [
      '中国铁路 电子客票',
      'G102次 北京南-上海虹桥',
      '二等座 08车12F',
      '票价: ￥553.5元',
      '2026年04月12日 07:00开',
    ],
  },
  {
    name: 'zh-utility',
    lang: 'zh',
    font: ZH,
    size: 26,
    amount: 231.75,
    lines: [
      '国家电网 电费账单',
      '户号 1100223344',
      '本期电量 356 度',
      '本期电费 231.75 元',
      '实缴金额 231.75',
      '2026-04-01',
    ],
  },
  {
    name: 'zh-alipay',
    lang: 'zh',
    font: ZH_BOLD,
    size: 34,
    amount: 1299,
    screenshot: true,
    lines: ['账单详情', '京东商城', '-1,299.00', '交易成功', '付款方式: 花呗', '2026-03-15 21:33'],
  },
  {
    name: 'zh-bakery',
    lang: 'zh',
    font: ZH,
    size: 24,
    amount: 42.6,
    lines: [
      '面包新语',
      '肉松面包 2 x 8.80',
      '牛角包 1 x 12.00',
      '蛋挞 2 x 6.50',
      '合计 42.60',
      '实收 42.60',
      '2026-04-14 08:12',
    ],
  },
  {
    name: 'zh-parking',
    lang: 'zh',
    font: ZH_MONO,
    size: 28,
    amount: 15,
    lines: [
      '朝阳大悦城停车场',
      '车牌: 京A12345',
      '停车时长 2小时35分',
      '应收 15.00',
      '2026-04-13 17:45',
    ],
  },
  {
    name: 'en-cafe',
    lang: 'en',
    font: 'DejaVu-Sans',
    size: 26,
    amount: 12.75,
    lines: [
      'BLUE BOTTLE COFFEE',
      'Latte          5.50',
      'Croissant      4.25',
      'Cold Brew      3.00',
      'Subtotal      12.75',
      'TOTAL        $12.75',
      '04/06/2026 09:14',
    ],
  },
  {
    name: 'en-grocery',
    lang: 'en',
    font: 'Liberation-Mono',
    size: 24,
    amount: 58.37,
    lines: [
      'WHOLE FOODS MARKET',
      'Bananas        1.99',
      'Milk 2%        4.49',
      'Salmon        18.99',
      'Olive Oil     12.99',
      'Bread          5.49',
      'Subtotal      43.95',
      'Tax            1.42',
      'Total         58.37',
      'Cash          60.00',
      'Change         1.63',
    ],
  },
  {
    name: 'en-restaurant',
    lang: 'en',
    font: 'Liberation-Serif',
    size: 28,
    amount: 96.2,
    lines: [
      'The Golden Fork',
      'Table 7  Guests 2',
      'Steak         42.00',
      'Pasta         24.00',
      'Wine          18.00',
      'Subtotal      84.00',
      'Tip           12.20',
      'Amount Due    96.20',
    ],
  },
  {
    name: 'en-taxi',
    lang: 'en',
    font: 'DejaVu-Sans-Bold',
    size: 32,
    amount: 23.4,
    screenshot: true,
    lines: ['Uber', 'Trip receipt', 'Total  $23.40', 'Apr 6, 2026'],
  },
  {
    name: 'en-hardware',
    lang: 'en',
    font: 'DejaVu-Sans-Mono',
    size: 22,
    amount: 134.56,
    lines: [
      'HOME DEPOT #0452',
      'HAMMER        19.97',
      'DRILL BITS    24.98',
      'PAINT 1GAL    79.98',
      'SUBTOTAL     124.93',
      'SALES TAX      9.63',
      'TOTAL        134.56',
      'VISA ****1234',
    ],
  },
  {
    name: 'en-pharmacy',
    lang: 'en',
    font: 'Liberation-Sans',
    size: 26,
    amount: 27.48,
    lines: [
      'CVS Pharmacy',
      'Ibuprofen     8.99',
      'Bandages      6.49',
      'Vitamin C    11.99',
      'Grand Total  27.48',
      'Tel 555-0100',
    ],
  },
  {
    name: 'en-bookstore',
    lang: 'en',
    font: 'DejaVu-Serif',
    size: 26,
    amount: 45,
    lines: [
      'City Lights Books',
      'Novel         25.00',
      'Notebook      20.00',
      'Total Due     45.00',
      '2026-04-02 16:40',
    ],
  },
  {
    name: 'en-fuel',
    lang: 'en',
    font: 'Liberation-Mono',
    size: 26,
    amount: 61.05,
    lines: [
      'SHELL STATION 221',
      'Pump 4  Unleaded',
      'Gallons 16.500',
      'Price/Gal 3.70',
      'Amount  $61.05',
    ],
  },
  {
    name: 'zh-hotpot',
    lang: 'zh',
    font: ZH_BOLD,
    size: 26,
    amount: 412,
    lines: ['海底捞火锅', '消费金额 458.00', '会员折扣 -46.00', '实付 412.00', '2026-03-20 19:30'],
  },
  {
    name: 'zh-wechat',
    lang: 'zh',
    font: ZH,
    size: 34,
    amount: 8.5,
    screenshot: true,
    lines: ['微信支付', '便利店', '¥8.50', '支付成功', '2026-04-15 07:58'],
  },
  {
    name: 'en-cinema',
    lang: 'en',
    font: 'DejaVu-Sans',
    size: 28,
    amount: 31.5,
    lines: [
      'AMC THEATRES',
      'Adult x2     27.00',
      'Popcorn       4.50',
      'Total        31.50',
      '03/30/2026 19:45',
    ],
  },
  {
    name: 'zh-gym',
    lang: 'zh',
    font: ZH_MONO,
    size: 26,
    amount: 2688,
    lines: ['乐刻健身', '年卡 1 张', '原价 2988.00', '立减 300.00', '实付款 2688.00', '2026-01-05'],
  },
];

/** Renders a receipt with ImageMagick (Noto CJK for Chinese) and returns the PNG path. */
export function renderReceipt(spec: ReceiptSpec, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${spec.name}.png`);
  const lineH = Math.round(spec.size * 1.6);
  const width =
    Math.max(...spec.lines.map((l) => [...l].length)) *
      Math.round(spec.size * (spec.lang === 'zh' ? 1.05 : 0.7)) +
    80;
  const height = spec.lines.length * lineH + 80;
  const args = [
    '-size',
    `${width}x${height}`,
    `xc:${spec.screenshot ? '#f2f2f2' : 'white'}`,
    '-font',
    spec.font,
    '-fill',
    'black',
  ];
  spec.lines.forEach((line, i) => {
    const big = spec.screenshot && /^[-¥$]?-?[\d,]+\.\d{2}$/.test(line.trim());
    args.push(
      '-pointsize',
      String(big ? Math.round(spec.size * 1.6) : spec.size),
      '-annotate',
      `+40+${40 + (i + 1) * lineH - Math.round(lineH * 0.3)}`,
      line,
    );
  });
  args.push(out);
  const r = spawnSync('convert', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`convert failed for ${spec.name}: ${r.stderr}`);
  return out;
}

export function hasImageMagick(): boolean {
  return spawnSync('convert', ['-version']).status === 0;
}
