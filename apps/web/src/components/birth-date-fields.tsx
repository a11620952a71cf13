import { Fieldset, Input, NativeSelect, Text, TextInput } from '@mantine/core';
import {
  BIRTH_DATE_MESSAGE,
  birthYearOptions,
  daysInMonth,
  formatTypedBirthDate,
  parseTypedBirthDate,
  toIsoDate,
} from '@mc/domain';
import { useId, useMemo, useState } from 'react';
import classes from './birth-date-fields.module.css';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A value that is neither empty nor a date: some selectors chosen, not all (fails the date rule). */
const INCOMPLETE_BIRTH_DATE = 'incomplete';

interface Parts {
  month: string;
  day: string;
  year: string;
}

function partsFromValue(value: string): Parts {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return { month: '', day: '', year: '' };
  return { year: String(Number(m[1])), month: String(Number(m[2])), day: String(Number(m[3])) };
}

function valueFromParts({ month, day, year }: Parts): string {
  if (!month && !day && !year) return '';
  if (!month || !day || !year) return INCOMPLETE_BIRTH_DATE;
  return toIsoDate(Number(year), Number(month), Number(day));
}

/** Days offered for a month: the month's length, leap years included (29 for February with no year). */
function dayCount(month: string, year: string): number {
  if (!month) return 31;
  return daysInMonth(year ? Number(year) : 2000, Number(month));
}

export interface BirthDateFieldsProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Injectable clock for the year list (120 years back). */
  now?: Date;
  /** The legend and error size: 'md' on the sign-up form, 'sm' in a dialog. */
  size?: 'sm' | 'md';
}

/**
 * Birth date typed as MM/DD/YYYY or chosen with three selects (month, day, year), emitting 'YYYY-MM-DD'
 * when complete: the sign-up form's birth date and the delivery panel's ID check. Reading a date off an ID
 * card is quicker typed than picked from 120 years; both ways set the same value and each shows the other's.
 */
export function BirthDateFields({ value, onChange, onBlur, error, now, size = 'md' }: BirthDateFieldsProps) {
  const [parts, setParts] = useState<Parts>(() => partsFromValue(value));
  const [typed, setTyped] = useState(() => formatTypedBirthDate(value));
  const [typedInvalid, setTypedInvalid] = useState(false);
  const errorId = useId();
  const years = useMemo(() => birthYearOptions(now ?? new Date()), [now]);
  const days = dayCount(parts.month, parts.year);

  const update = (patch: Partial<Parts>) => {
    const next = { ...parts, ...patch };
    // The day list follows the month length: a day that no longer exists is cleared.
    if (next.day && Number(next.day) > dayCount(next.month, next.year)) next.day = '';
    setParts(next);
    const nextValue = valueFromParts(next);
    setTyped(formatTypedBirthDate(nextValue));
    setTypedInvalid(false);
    onChange(nextValue);
  };

  const type = (text: string) => {
    setTyped(text);
    const iso = parseTypedBirthDate(text, now ?? new Date());
    if (iso) setTypedInvalid(false);
    // Until the typed date is a whole, real day the selectors show nothing and the value is incomplete.
    setParts(iso ? partsFromValue(iso) : { month: '', day: '', year: '' });
    onChange(iso ?? (text.trim() ? INCOMPLETE_BIRTH_DATE : ''));
  };

  const describedBy = error ? errorId : undefined;
  return (
    <Fieldset
      variant="unstyled"
      legend={
        <Text component="span" fz={size} fw={500}>
          Birth date
        </Text>
      }
      p={0}
      m={0}
      styles={{ root: { border: 0, minWidth: 0 }, legend: { padding: 0, marginBottom: 4 } }}
    >
      <TextInput
        className={classes.birthTyped}
        label="Type it (MM/DD/YYYY)"
        placeholder="MM/DD/YYYY"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        value={typed}
        onChange={(e) => type(e.currentTarget.value)}
        onBlur={() => {
          setTypedInvalid(typed.trim() !== '' && !parseTypedBirthDate(typed, now ?? new Date()));
          onBlur?.();
        }}
        // A typed date that is not a day is said under the field as soon as it is left, with the form's own
        // message (as the field's error, so it is also the field's description).
        error={error ? true : typedInvalid ? BIRTH_DATE_MESSAGE : undefined}
        // The delivery panel's ID check sits on a filled (grey) fieldset: the theme's error red is under
        // 4.5:1 there, one shade darker is not.
        styles={{ error: { color: 'var(--mantine-color-red-9)' } }}
        aria-describedby={describedBy}
      />
      <Text component="p" fz="xs" c="dimmed" mt={6} mb={4}>
        or choose it:
      </Text>
      <div className={classes.birthGrid}>
        <NativeSelect
          className={classes.birthMonth}
          aria-label="Birth month"
          value={parts.month}
          onChange={(e) => update({ month: e.currentTarget.value })}
          onBlur={onBlur}
          error={Boolean(error)}
          aria-describedby={describedBy}
          data={[
            { value: '', label: 'Month' },
            ...MONTHS.map((label, i) => ({ value: String(i + 1), label })),
          ]}
        />
        <NativeSelect
          aria-label="Birth day"
          value={parts.day}
          onChange={(e) => update({ day: e.currentTarget.value })}
          onBlur={onBlur}
          error={Boolean(error)}
          aria-describedby={describedBy}
          data={[
            { value: '', label: 'Day' },
            ...Array.from({ length: days }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
          ]}
        />
        <NativeSelect
          aria-label="Birth year"
          value={parts.year}
          onChange={(e) => update({ year: e.currentTarget.value })}
          onBlur={onBlur}
          error={Boolean(error)}
          aria-describedby={describedBy}
          data={[{ value: '', label: 'Year' }, ...years.map((y) => ({ value: String(y), label: String(y) }))]}
        />
      </div>
      {error ? (
        <Input.Error id={errorId} mt={6} size={size}>
          {error}
        </Input.Error>
      ) : null}
    </Fieldset>
  );
}
