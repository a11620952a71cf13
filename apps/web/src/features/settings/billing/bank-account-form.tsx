import { zodResolver } from '@hookform/resolvers/zod';
import { Divider, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { ApiError, type BillingResponse } from '@mc/api';
import {
  type BillingInput,
  BillingSchema,
  type BillingValues,
  billingBody,
  billingErrorToast,
  charactersLeft,
  DESCRIPTOR_MAX_LENGTH,
  MAX_LENGTH,
  MSG,
  ROUTING_NUMBER_LENGTH,
  sanitizeRoutingNumberInput,
} from '@mc/domain';
import { useEffect } from 'react';
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { useSaveBilling } from '../api/billing.ts';
import { PhoneInput } from '../components/phone-input.tsx';
import { SaveChanges } from '../components/save-changes.tsx';
import { StateField } from '../components/state-select.tsx';
import { textFields } from '../components/text-fields.tsx';

function toBillingForm(b: BillingResponse, tosAccepted: boolean): BillingInput {
  return {
    is_business: b.is_business,
    individual: b.individual,
    funding: {
      routing_number: b.funding.routing_number,
      account_number: b.funding.account_number,
      account_number_last_4: b.funding.account_number_last_4,
      descriptor: b.funding.descriptor,
    },
    business: b.business,
    tos_accepted: tosAccepted as true,
  };
}

/** Dotted paths of every error in a react-hook-form errors tree. */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    if (!v || typeof v !== 'object') return [];
    return 'message' in v && typeof v.message === 'string' ? [path] : errorPaths(v as FieldErrors, path);
  });
}

/** 'Please check {label} field' for one failing field, else 'Please check the mandatory fields'. */
function billingInvalidToast(errors: FieldErrors): string {
  return billingErrorToast(errorPaths(errors));
}

/** The bank-account form: disabled until the terms are accepted; Save disabled until edited. */
export function BankAccountForm({
  tmk,
  billing,
  tosAccepted,
}: {
  tmk: string;
  billing: BillingResponse;
  tosAccepted: boolean;
}) {
  const save = useSaveBilling(tmk);
  const form = useForm<BillingInput, unknown, BillingValues>({
    resolver: zodResolver(BillingSchema),
    defaultValues: toBillingForm(billing, tosAccepted),
  });
  const { errors, isDirty } = form.formState;
  const isBusiness = useWatch({ control: form.control, name: 'is_business' });
  const descriptor = useWatch({ control: form.control, name: 'funding.descriptor' });

  useEffect(() => {
    form.setValue('tos_accepted', tosAccepted as true, { shouldDirty: false });
  }, [tosAccepted, form]);

  const handleSubmit = form.handleSubmit(
    (values) => {
      save.mutate(billingBody(values), {
        onSuccess: (data) => {
          notifySuccess(MSG.BILLING_UPDATED);
          form.reset(toBillingForm(data.billing, true));
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError);
          const first = error instanceof ApiError ? error.body?.errors?.[0]?.message : undefined;
          notifyError(error, first ?? MSG.BILLING_FAILED);
        },
      });
    },
    (invalid) => notifyFailure(billingInvalidToast(invalid)),
  );

  const text = textFields(form);
  const state = (name: 'individual.address.region' | 'business.address.region', error?: string) => (
    <StateField control={form.control} name={name} error={error} />
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Bank account">
      <fieldset disabled={!tosAccepted} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          {tosAccepted ? null : (
            <Text fz="sm" c="orange.8" fw={500}>
              Accept the Terms of Service above to edit the bank account details.
            </Text>
          )}
          <Controller
            control={form.control}
            name="is_business"
            render={({ field }) => (
              <Switch
                label="Registered as a business"
                checked={field.value === true}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                disabled={!tosAccepted}
              />
            )}
          />

          <Title order={4} fz="md">
            Business Representative
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text('individual.first_name', 'First Name', { required: true, autoComplete: 'given-name' })}
            {text('individual.last_name', 'Last Name', { required: true, autoComplete: 'family-name' })}
            {text('individual.email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
            {text('individual.date_of_birth', 'Date of Birth', {
              required: true,
              type: 'date',
              autoComplete: 'bday',
            })}
            <Controller
              control={form.control}
              name="individual.phone"
              render={({ field }) => (
                <PhoneInput
                  label="Business Phone"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.individual?.phone?.message}
                />
              )}
            />
            {text('individual.address.street_address', 'Street', {
              required: true,
              autoComplete: 'address-line1',
            })}
            {text('individual.address.locality', 'City', { required: true, autoComplete: 'address-level2' })}
            <SimpleGrid cols={2} spacing="md">
              {state('individual.address.region', errors.individual?.address?.region?.message)}
              {text('individual.address.postal_code', 'Zip', { required: true, autoComplete: 'postal-code' })}
            </SimpleGrid>
          </SimpleGrid>

          <Divider />
          <Title order={4} fz="md">
            Bank Account
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="funding.routing_number"
              render={({ field }) => (
                <TextInput
                  label="Routing Number"
                  required
                  inputMode="numeric"
                  maxLength={ROUTING_NUMBER_LENGTH}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(sanitizeRoutingNumberInput(e.currentTarget.value))}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.funding?.routing_number?.message}
                />
              )}
            />
            <TextInput
              label="Account Number"
              maxLength={MAX_LENGTH.short}
              required
              inputMode="numeric"
              autoComplete="off"
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                billing.funding.account_number_last_4
                  ? 'Shown masked; type a new number to replace it.'
                  : undefined
              }
              error={errors.funding?.account_number?.message}
              {...form.register('funding.account_number')}
            />
            <TextInput
              label="Deposit Descriptor"
              required={isBusiness === true}
              maxLength={DESCRIPTOR_MAX_LENGTH}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={`Characters Left: ${charactersLeft(descriptor)}`}
              error={errors.funding?.descriptor?.message}
              {...form.register('funding.descriptor')}
            />
          </SimpleGrid>

          {isBusiness ? (
            <>
              <Divider />
              <Title order={4} fz="md">
                Business
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {text('business.legal_name', 'Legal Name', { required: true, autoComplete: 'organization' })}
                {text('business.dba_name', 'DBA Name', { required: true })}
                {text('business.tax_id', 'EIN', { required: true })}
              </SimpleGrid>
            </>
          ) : null}

          <Divider />
          <Title order={4} fz="md">
            Business Address
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text('business.address.street_address', 'Street', { required: true })}
            {text('business.address.locality', 'City', { required: true })}
            <SimpleGrid cols={2} spacing="md">
              {state('business.address.region', errors.business?.address?.region?.message)}
              {text('business.address.postal_code', 'Zip', { required: true })}
            </SimpleGrid>
          </SimpleGrid>

          <SaveChanges saving={save.isPending} disabled={!tosAccepted || !isDirty} />
        </Stack>
      </fieldset>
    </form>
  );
}
