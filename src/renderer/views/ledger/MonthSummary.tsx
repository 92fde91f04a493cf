import { Card, Col, DatePicker, Empty, Row, Skeleton, Statistic } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLedgerSummary } from '../../hooks/ledger';
import CategoryChart from './CategoryChart';
import { formatMoney, monthRange } from './format';

interface Props {
  month: Dayjs;
  currency: string;
  categories: readonly string[];
  onMonthChange(month: Dayjs): void;
}

/** The chosen month's total and its split by category. */
export default function MonthSummary({ month, currency, categories, onMonthChange }: Props) {
  const { t, i18n } = useTranslation('ledger');
  const summary = useLedgerSummary({ ...monthRange(month), currency });
  const format = (n: number) => formatMoney(n, currency, i18n.language);
  const monthLabel = month
    .toDate()
    .toLocaleDateString(i18n.language, { year: 'numeric', month: 'long' });
  const data = summary.data;

  return (
    <Card
      title={t('summary.title', { month: monthLabel })}
      extra={
        <DatePicker
          picker="month"
          value={month}
          allowClear={false}
          aria-label={t('summary.month')}
          onChange={(m) => m && onMonthChange(m)}
        />
      }
      style={{ marginBottom: 16 }}
      data-testid="ledger-month-summary"
    >
      {!data ? (
        <Skeleton active />
      ) : data.count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('summary.none')} />
      ) : (
        <Row gutter={24} align="middle">
          <Col flex="200px">
            <Statistic title={t('summary.total')} value={format(data.total)} />
            <div style={{ color: '#8c8c8c', marginTop: 4 }}>
              {t('summary.count', { count: data.count })}
            </div>
          </Col>
          <Col flex="auto" style={{ minWidth: 320 }}>
            <CategoryChart
              data={data.by_category}
              categories={categories}
              totalText={format(data.total)}
              caption={t('summary.chartLabel')}
              format={format}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}
