import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import {
  CARRIER_CHOICES,
  type CarrierAccount,
  type CarrierAccountBody,
  CarrierAccountBodySchema,
  LABEL_FORMATS,
  LABEL_SIZES,
} from '@mc/api';
import { CARRIER_BANNER_RESET_MS, MAX_LENGTH, MSG } from '@mc/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { reportError } from '../../../lib/error-reporting.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { carrierAccountQueryOptions } from '../../../lib/merchant-api.ts';
import { useSaveCarrier } from '../api/carrier.ts';
import { RoleGate } from '../components/role-gate.tsx';
import { SaveChanges } from '../components/save-changes.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { useSettingsContext } from '../hooks/use-settings-context.ts';
import { PartnerPromoCard } from './partner-promo-card.tsx';

const LABEL_SIZE_LABELS: Record<(typeof LABEL_SIZES)[number], string> = {
  '4x6': '4 x 6 in',
  '4x8': '4 x 8 in',
  '8.5x11': '8.5 x 11 in (letter)',
};

const toForm = (c: CarrierAccount): CarrierAccountBody => ({
  carrier: (c.carrier ?? '') as CarrierAccountBody['carrier'],
  account_number: c.account_number ?? '',
  label_size: c.label_size,
  label_format: c.label_format,
});

function CarrierForm({ tmk }: { tmk: string }) {
  const carrier = useQuery(carrierAccountQueryOptions(tmk));
  const save = useSaveCarrier(tmk);
  const [banner, setBanner] = useState<'saved' | 'failed' | null>(null);
  const form = useForm<CarrierAccountBody>({
    resolver: zodResolver(CarrierAccountBodySchema),
    defaultValues: { carrier: undefined, account_number: '', label_size: '4x6', label_format: 'PDF' },
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    if (carrier.data) form.reset(toForm(carrier.data));
  }, [carrier.data, form]);

  // The success banner resets after 8 seconds.
  useEffect(() => {
    if (!banner) return;
    const t = window.setTimeout(() => setBanner(null), CARRIER_BANNER_RESET_MS);
    return () => window.clearTimeout(t);
  }, [banner]);

  const handleSubmit = form.handleSubmit((values) => {
    setBanner(null);
    save.mutate(values, {
      onSuccess: (data) => {
        setBanner('saved');
        form.reset(toForm(data));
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        reportError(error);
        setBanner('failed');
      },
    });
  });

  if (carrier.isPending) return <Skeleton h={220} radius="md" />;

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Carrier account">
      <Stack gap="md">
        {banner === 'saved' ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            {MSG.CARRIER_SAVED}
          </Alert>
        ) : banner === 'failed' ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {MSG.CARRIER_SAVE_FAILED}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={form.control}
            name="carrier"
            render={({ field }) => (
              <Select
                label="Carrier"
                required
                placeholder="Select a carrier"
                data={[...CARRIER_CHOICES]}
                allowDeselect={false}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={errors.carrier?.message}
              />
            )}
          />
          <TextInput
            label="Account Number"
            maxLength={MAX_LENGTH.short}
            required
            autoComplete="off"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              carrier.data?.account_number ? 'Shown masked; type a new number to replace it.' : undefined
            }
            error={errors.account_number?.message}
            {...form.register('account_number')}
          />
          <Controller
            control={form.control}
            name="label_size"
            render={({ field }) => (
              <Select
                label="Label Size"
                required
                data={LABEL_SIZES.map((v) => ({ value: v, label: LABEL_SIZE_LABELS[v] }))}
                allowDeselect={false}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '4x6')}
                error={errors.label_size?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="label_format"
            render={({ field }) => (
              <Select
                label="Label Format"
                required
                data={[...LABEL_FORMATS]}
                allowDeselect={false}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'PDF')}
                error={errors.label_format?.message}
              />
            )}
          />
        </SimpleGrid>
        <SaveChanges saving={save.isPending} disabled={!isDirty} />
      </Stack>
    </form>
  );
}

/** /settings/carrier: the carrier integration form (used by the label dialog) and the partner promo card. */
export function CarrierAccountSettingsPage() {
  const { tmk } = useSettingsContext();
  return (
    <Stack gap="lg">
      <SectionHeader
        title="Carrier Account"
        description="The shipping carrier account your labels are bought with, and the label size and format to print."
      />
      <RoleGate capability="carrier.write" what="changing the carrier account">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <CarrierForm tmk={tmk} />
        </Paper>
      </RoleGate>
      <PartnerPromoCard />
    </Stack>
  );
}
