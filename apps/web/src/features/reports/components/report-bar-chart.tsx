/** The one chart module of the reports page (recharts through @mantine/charts), loaded after the numbers. */
import '@mantine/charts/styles.css';
import { BarChart, type BarChartProps } from '@mantine/charts';

export function ReportBarChart(props: BarChartProps) {
  return <BarChart tickLine="y" valueFormatter={(v) => v.toLocaleString('en-US')} {...props} />;
}
