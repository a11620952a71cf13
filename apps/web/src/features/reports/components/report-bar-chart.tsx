/** The one chart module of the reports page (recharts through @mantine/charts), loaded after the numbers. */
import '@mantine/charts/styles.css';
import { BarChart, type BarChartProps } from '@mantine/charts';

export function ReportBarChart(props: BarChartProps) {
  // No keyboard layer: the chart is a picture (aria-hidden); keyboard and screen-reader users get its table.
  return (
    <BarChart
      tickLine="y"
      valueFormatter={(v) => v.toLocaleString('en-US')}
      barChartProps={{ accessibilityLayer: false }}
      {...props}
    />
  );
}
