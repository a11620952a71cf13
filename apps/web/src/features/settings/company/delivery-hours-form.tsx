import { zodResolver } from '@hookform/resolvers/zod';
import { Group, NumberInput, Paper, SegmentedControl, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { HoursFormSchema, hoursFromUi, hoursToUi, MSG, type UiDayHours, type UiTime } from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Control, Controller, type Resolver, useForm, useFormState, useWatch } from 'react-hook-form';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { hoursQueryOptions, useSaveHours } from '../api/hours.ts';
import { SaveChanges } from '../components/save-changes.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import classes from './company.module.css';

interface HoursForm {
  days: UiDayHours[];
}

const FULL_DAY_TEXT = '12:00 AM to 11:59 PM';
const CLOSE_BEFORE_OPEN_MESSAGE = 'The closing time must be after the opening time';

function TimeFields({
  control,
  index,
  which,
  label,
}: {
  control: Control<HoursForm>;
  index: number;
  which: 'open' | 'close';
  label: string;
}) {
  const base = `days.${index}.${which}` as const;
  const day = useWatch({ control, name: `days.${index}.day` });
  return (
    <fieldset className={classes.time} aria-label={`${day} ${label}`}>
      <legend className={classes.timeLegend}>{label}</legend>
      <Controller
        control={control}
        name={`${base}.hour`}
        render={({ field, fieldState }) => (
          <NumberInput
            aria-label={`${day} ${label} hour`}
            className={classes.num}
            min={1}
            max={12}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            hideControls
            value={field.value}
            onChange={(v) => field.onChange(v === '' ? Number.NaN : Number(v))}
            onBlur={field.onBlur}
            error={fieldState.error?.message ? true : undefined}
            title={fieldState.error?.message}
          />
        )}
      />
      <span aria-hidden="true">:</span>
      <Controller
        control={control}
        name={`${base}.minute`}
        render={({ field, fieldState }) => (
          <NumberInput
            aria-label={`${day} ${label} minutes`}
            className={classes.num}
            min={0}
            max={59}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            hideControls
            value={Number.isFinite(field.value) ? String(field.value).padStart(2, '0') : ''}
            onChange={(v) => field.onChange(v === '' ? Number.NaN : Number(v))}
            onBlur={field.onBlur}
            error={fieldState.error?.message ? true : undefined}
            title={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name={`${base}.ampm`}
        render={({ field }) => (
          <SegmentedControl
            size="xs"
            aria-label={`${day} ${label} AM or PM`}
            data={['AM', 'PM']}
            value={field.value}
            onChange={(v) => field.onChange(v as UiTime['ampm'])}
          />
        )}
      />
    </fieldset>
  );
}

function DayRow({ control, index }: { control: Control<HoursForm>; index: number }) {
  const day = useWatch({ control, name: `days.${index}` });
  const { errors } = useFormState({ control, name: `days.${index}` });
  const dayErrors = errors.days?.[index];
  const timeError = (t: 'open' | 'close') => dayErrors?.[t]?.hour?.message ?? dayErrors?.[t]?.minute?.message;
  const error = timeError('open') ?? timeError('close') ?? dayErrors?.message;
  return (
    <div className={classes.dayRow} data-closed={day.closed || undefined} data-day-row>
      <Text fw={600} className={classes.dayName} data-day-name>
        {/* a phone shows 'Wed': 'Wednesday' left no room beside the two switches */}
        <span className={classes.dayFull}>{day.day}</span>
        <abbr className={classes.dayShort} title={day.day}>
          {day.day.slice(0, 3)}
        </abbr>
      </Text>
      <div className={classes.dayTimes}>
        {day.closed ? (
          <Text c="dimmed" fz="sm">
            Closed
          </Text>
        ) : day.allDay ? (
          <Text fz="sm">{FULL_DAY_TEXT}</Text>
        ) : (
          <>
            <TimeFields control={control} index={index} which="open" label="Opens" />
            <Text c="dimmed" fz="sm" className={classes.to}>
              to
            </Text>
            <TimeFields control={control} index={index} which="close" label="Closes" />
          </>
        )}
        {error ? (
          <Text c="red" fz="xs" w="100%" role="alert">
            {error}
          </Text>
        ) : null}
      </div>
      <Group gap="md" className={classes.daySwitches} wrap="nowrap" data-day-switches>
        <Controller
          control={control}
          name={`days.${index}.allDay`}
          render={({ field }) => (
            <Switch
              label="24 Hrs"
              checked={field.value}
              disabled={day.closed}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              aria-label={`${day.day} open 24 hours`}
            />
          )}
        />
        <Controller
          control={control}
          name={`days.${index}.closed`}
          render={({ field }) => (
            <Switch
              label="Open"
              checked={!field.value}
              onChange={(e) => field.onChange(!e.currentTarget.checked)}
              aria-label={`${day.day} open`}
            />
          )}
        />
      </Group>
    </div>
  );
}

/** Close must be after open (the server checks the same); the schema checks hour 1–12 and minutes. */
function checkOrder(days: UiDayHours[]): number[] {
  const body = hoursFromUi(days);
  return body.regular_hours
    .map((h, i) =>
      h.time_close <= h.time_open
        ? days.findIndex((d) => d.day.toLowerCase() === body.regular_hours[i]?.weekday)
        : -1,
    )
    .filter((i) => i >= 0);
}

/** Delivery Hours: the weekly table with its own Save Changes. */
export function DeliveryHoursForm({ tmk }: { tmk: string }) {
  const hours = useQuery(hoursQueryOptions(tmk));
  const save = useSaveHours(tmk);
  const form = useForm<HoursForm>({
    resolver: zodResolver(HoursFormSchema) as unknown as Resolver<HoursForm>,
    defaultValues: { days: hoursToUi([]) },
  });
  const { isDirty } = form.formState;

  useEffect(() => {
    if (hours.data) form.reset({ days: hoursToUi(hours.data.regular_hours) });
  }, [hours.data, form]);

  const handleSubmit = form.handleSubmit((values) => {
    const bad = checkOrder(values.days);
    if (bad.length) {
      for (const i of bad) form.setError(`days.${i}`, { type: 'order', message: CLOSE_BEFORE_OPEN_MESSAGE });
      return;
    }
    save.mutate(hoursFromUi(values.days), {
      onSuccess: (data) => {
        notifySuccess(MSG.HOURS_SAVED);
        form.reset({ days: hoursToUi(data.regular_hours) });
      },
      onError: (error) => notifyError(error, MSG.STORE_SAVE_FAILED),
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Delivery Hours">
      <SectionHeader
        title="Delivery Hours"
        order={3}
        description="When the store accepts and delivers orders. Order due times count these business days."
      />
      {hours.isPending ? (
        <Skeleton h={320} radius="md" />
      ) : (
        <Stack gap="md">
          <Paper withBorder radius="md" className={classes.week}>
            {hoursToUi([]).map((d, i) => (
              <DayRow key={d.day} control={form.control} index={i} />
            ))}
          </Paper>
          <SaveChanges saving={save.isPending} disabled={!isDirty} />
        </Stack>
      )}
    </form>
  );
}
