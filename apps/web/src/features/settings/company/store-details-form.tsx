import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { Merchant } from '@mc/api';
import { MSG, type StoreDetailsInput, StoreDetailsSchema } from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { merchantQueryOptions } from '../../../lib/merchant-api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveStoreDetails } from '../api/save-store-details.ts';
import { PhoneField } from '../components/phone-input.tsx';
import { SaveChanges } from '../components/save-changes.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { StateField } from '../components/state-select.tsx';
import { textFields } from '../components/text-fields.tsx';

type FormInput = z.input<typeof StoreDetailsSchema>;

const TIMEZONES = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico)' },
];

function toStoreForm(m: Merchant): FormInput {
  return {
    name: m.name,
    address: {
      street_1: m.address.street_1,
      // Older stores kept the suite or floor in aux data.
      street_2: m.address.street_2,
      street_3: m.address.street_3,
      city: m.address.city,
      state: m.address.state,
      zipcode: m.address.zipcode,
    },
    primary_phone: m.primary_phone,
    email: m.email,
    timezone: m.timezone,
    aux_data: {
      primary_contact_name: m.aux_data.primary_contact_name,
      secondary_contact_name: m.aux_data.secondary_contact_name,
      secondary_email: m.aux_data.secondary_email,
      secondary_phone_number: m.aux_data.secondary_phone_number,
    },
  };
}

const EMPTY: FormInput = {
  name: '',
  address: { street_1: '', street_2: '', street_3: '', city: '', state: '', zipcode: '' },
  primary_phone: '',
  email: '',
  timezone: 'America/New_York',
  aux_data: {
    primary_contact_name: '',
    secondary_contact_name: '',
    secondary_email: '',
    secondary_phone_number: '',
  },
};

/** Store Details with its own Save Changes. */
export function StoreDetailsForm({ tmk }: { tmk: string }) {
  const merchant = useQuery(merchantQueryOptions(tmk));
  const save = useSaveStoreDetails(tmk);
  const form = useForm<FormInput, unknown, StoreDetailsInput>({
    resolver: zodResolver(StoreDetailsSchema),
    defaultValues: EMPTY,
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    if (merchant.data) form.reset(toStoreForm(merchant.data));
  }, [merchant.data, form]);

  const handleSubmit = form.handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        notifySuccess(MSG.COMPANY_SAVED);
        form.reset(toStoreForm(saved));
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        notifyError(error, MSG.STORE_SAVE_FAILED);
      },
    });
  });

  if (merchant.isPending) return <Skeleton h={360} radius="md" />;

  const text = textFields(form);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Store Details">
      <SectionHeader
        title="Store Details"
        order={3}
        description="Where the store is and who the marketplace contacts about orders."
      />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text('name', 'Store Name', { required: true, autoComplete: 'organization' })}
          <Controller
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <Select
                label="Order Timezone"
                data={TIMEZONES}
                allowDeselect={false}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          {text('address.street_1', 'Street', { required: true, autoComplete: 'address-line1' })}
          {text('address.street_2', 'Suite / Floor', { required: true, autoComplete: 'address-line2' })}
          {text('address.city', 'City', { required: true, autoComplete: 'address-level2' })}
          <SimpleGrid cols={2} spacing="md">
            <StateField control={form.control} name="address.state" error={errors.address?.state?.message} />
            {text('address.zipcode', 'Zip', { required: true, autoComplete: 'postal-code' })}
          </SimpleGrid>
          {text('aux_data.primary_contact_name', 'Primary Contact', { required: true, autoComplete: 'name' })}
          {text('email', 'Primary Email', { required: true, type: 'email', autoComplete: 'email' })}
          <PhoneField
            control={form.control}
            name="primary_phone"
            label="Primary Phone"
            required
            error={errors.primary_phone?.message}
          />
          {text('aux_data.secondary_contact_name', 'Secondary Contact')}
          {text('aux_data.secondary_email', 'Secondary Email', { type: 'email' })}
          <PhoneField
            control={form.control}
            name="aux_data.secondary_phone_number"
            label="Secondary Phone"
            error={errors.aux_data?.secondary_phone_number?.message}
          />
        </SimpleGrid>
        <SaveChanges saving={save.isPending} disabled={!isDirty} />
      </Stack>
    </form>
  );
}
