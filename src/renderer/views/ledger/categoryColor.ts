// One color per category, shared by the table's tags and the chart's slices.
// Known categories (settings order, then used ones) take palette slots in order,
// so the defaults never share a color; anything else falls back to a hash.
// Names are antd preset tag colors; hex values are their base shades.
const PALETTE: [tag: string, hex: string][] = [
  ['orange', '#fa8c16'],
  ['blue', '#1677ff'],
  ['green', '#52c41a'],
  ['purple', '#722ed1'],
  ['cyan', '#13c2c2'],
  ['magenta', '#eb2f96'],
  ['gold', '#faad14'],
  ['geekblue', '#2f54eb'],
  ['volcano', '#fa541c'],
  ['lime', '#a0d911'],
];

function slot(category: string, known: readonly string[]): [string, string] {
  const i = known.indexOf(category);
  if (i >= 0) return PALETTE[i % PALETTE.length]!;
  let h = 0;
  for (const ch of category) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

export const categoryTagColor = (category: string, known: readonly string[]): string =>
  slot(category, known)[0];
export const categoryHex = (category: string, known: readonly string[]): string =>
  slot(category, known)[1];
