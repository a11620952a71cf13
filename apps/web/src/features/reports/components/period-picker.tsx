import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { REPORT_MAX_DAYS, REPORT_PRESET_DAYS, reportRangeDays } from '@mc/domain';

export type PeriodChoice = `${(typeof REPORT_PRESET_DAYS)[number]}` | 'custom';

const CHOICES = [
  ...REPORT_PRESET_DAYS.map((d) => ({ value: `${d}` as PeriodChoice, label: `${d} days` })),
  { value: 'custom' as PeriodChoice, label: 'Custom' },
];

/** The custom period's problem, in the server's words, or null when it can be asked for. */
export function customPeriodError(from: string, to: string): string | null {
  const days = reportRangeDays(from, to);
  if (days === null) return 'Enter both dates';
  if (days < 1) return 'to must not be before from';
  if (days > REPORT_MAX_DAYS) return `The period can be at most ${REPORT_MAX_DAYS} days`;
  return null;
}

export function PeriodPicker(props: {
  choice: PeriodChoice;
  onChoice: (c: PeriodChoice) => void;
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  today: string;
}) {
  const { choice, from, to, today } = props;
  const error = choice === 'custom' ? customPeriodError(from, to) : null;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <SegmentedControl
        aria-label="Period (days ending today)"
        data={CHOICES}
        value={choice}
        onChange={(v) => props.onChoice(v as PeriodChoice)}
      />
      {choice === 'custom' ? (
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            type="date"
            label="From"
            value={from}
            max={today}
            onChange={(e) => props.onFrom(e.currentTarget.value)}
            w={160}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            max={today}
            onChange={(e) => props.onTo(e.currentTarget.value)}
            error={error && from && to ? error : undefined}
            w={160}
          />
        </Group>
      ) : null}
    </Group>
  );
}
