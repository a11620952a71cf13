import { Group, NumberInput, Radio, Skeleton, Stack, Switch, Text } from '@mantine/core';
import type { StoreAlerts } from '@mc/api';
import { ApiError } from '@mc/api';
import { UNACCEPTED_MINUTES_MAX, UNACCEPTED_MINUTES_MIN } from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { storeAlertsQueryOptions, useSaveStoreAlerts } from '../api/alerts.ts';
import { SaveChanges } from '../components/save-changes.tsx';
import { SectionHeader } from '../components/section-header.tsx';

const DEFAULT_MINUTES = 10;

/** Company: who is told, by text and email, of an order nobody accepted in time. */
export function StoreAlertsForm({ tmk }: { tmk: string }) {
  const current = useQuery(storeAlertsQueryOptions(tmk));
  const save = useSaveStoreAlerts(tmk);
  const [on, setOn] = useState(false);
  const [minutes, setMinutes] = useState<number | string>(DEFAULT_MINUTES);
  const [group, setGroup] = useState<StoreAlerts['escalate_to']>('owners');
  useEffect(() => {
    if (!current.data) return;
    setOn(current.data.unaccepted_after_minutes !== null);
    setMinutes(current.data.unaccepted_after_minutes ?? DEFAULT_MINUTES);
    setGroup(current.data.escalate_to);
  }, [current.data]);
  if (!current.data) return <Skeleton h={160} maw={720} />;
  const body: StoreAlerts = {
    unaccepted_after_minutes: on ? (typeof minutes === 'number' ? minutes : Number(minutes)) : null,
    escalate_to: group,
  };
  const dirty = JSON.stringify(body) !== JSON.stringify(current.data);
  const error =
    save.error instanceof ApiError ? save.error.fieldErrors().unaccepted_after_minutes : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(body, {
      onSuccess: () => notifySuccess('The escalation of unanswered orders is saved.'),
      onError: (err) => notifyError(err),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Unanswered orders" noValidate>
      <SectionHeader
        order={3}
        title="Unanswered orders"
        description="An order still new after this delay alerts the people you choose, once, by text (to confirmed numbers) and email. Accepting, rejecting or holding it in time cancels the alert."
      />
      <Stack gap="md" maw={720}>
        <Switch
          label="Alert when an order is not accepted in time"
          checked={on}
          onChange={(e) => setOn(e.currentTarget.checked)}
        />
        {on ? (
          <Group align="flex-start" gap="xl" wrap="wrap">
            <NumberInput
              label="Minutes after the order arrives"
              min={UNACCEPTED_MINUTES_MIN}
              max={UNACCEPTED_MINUTES_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={minutes}
              onChange={setMinutes}
              error={error}
              w={240}
            />
            <Radio.Group
              label="Who is alerted"
              value={group}
              onChange={(v) => setGroup(v as StoreAlerts['escalate_to'])}
            >
              <Stack gap={6} mt={6}>
                <Radio value="owners" label="Owners" />
                <Radio value="owners_and_managers" label="Owners and managers" />
              </Stack>
            </Radio.Group>
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            Off: nobody is alerted of an order waiting for an answer (the console still rings while it is
            open).
          </Text>
        )}
        <SaveChanges saving={save.isPending} disabled={!dirty} />
      </Stack>
    </form>
  );
}
