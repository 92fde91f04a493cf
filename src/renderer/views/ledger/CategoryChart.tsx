import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { PieChart } from 'echarts/charts';
import {
  AriaComponent,
  GraphicComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { LedgerSummary } from '../../../shared/contract';
import { categoryHex } from './categoryColor';

// Only the parts used here, so the view's chunk stays small. SVG keeps the
// legend and the total as real text (crisp, selectable, readable by tests).
echarts.use([
  PieChart,
  TooltipComponent,
  LegendComponent,
  GraphicComponent,
  AriaComponent,
  SVGRenderer,
]);

interface Props {
  data: LedgerSummary['by_category'];
  /** Known categories, for colors that match the table's tags. */
  categories: readonly string[];
  /** Formatted month total shown in the middle of the doughnut. */
  totalText: string;
  caption: string;
  format(amount: number): string;
}

export default function CategoryChart({ data, categories, totalText, caption, format }: Props) {
  const option = {
    aria: { enabled: true },
    tooltip: {
      trigger: 'item',
      valueFormatter: (v: number) => format(v),
    },
    legend: {
      type: 'scroll',
      orient: 'vertical',
      left: '62%',
      top: 'middle',
      formatter: (name: string) => {
        const row = data.find((d) => d.category === name);
        return row ? `${name}  ${format(row.total)}` : name;
      },
    },
    graphic: [
      {
        type: 'group',
        left: '30%',
        top: 'middle',
        bounding: 'raw',
        children: [
          {
            type: 'text',
            style: {
              text: caption,
              fill: '#8c8c8c',
              fontSize: 12,
              align: 'center',
              verticalAlign: 'bottom',
            },
            y: -6,
          },
          {
            type: 'text',
            style: {
              text: totalText,
              fill: '#262626',
              fontSize: 18,
              fontWeight: 600,
              align: 'center',
              verticalAlign: 'top',
            },
            y: 2,
          },
        ],
      },
    ],
    series: [
      {
        type: 'pie',
        radius: ['52%', '78%'],
        center: ['30%', '50%'],
        animationDuration: 400,
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 2 },
        data: data.map((d) => ({
          name: d.category,
          value: d.total,
          itemStyle: { color: categoryHex(d.category, categories) },
        })),
      },
    ],
  };
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      opts={{ renderer: 'svg' }}
      style={{ height: 240, width: '100%' }}
      data-testid="ledger-category-chart"
    />
  );
}
