import { Anchor, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { billingQueryOptions } from '../api/billing.ts';
import { RoleGate } from '../components/role-gate.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { useSettingsContext } from '../hooks/use-settings-context.ts';
import { BankAccountForm } from './bank-account-form.tsx';
import { OnboardingCard } from './onboarding-card.tsx';

function BillingContent({ tmk }: { tmk: string }) {
  const billing = useQuery(billingQueryOptions(tmk));
  const [tosAccepted, setTosAccepted] = useState(false);
  useEffect(() => {
    if (billing.data) setTosAccepted(billing.data.tos_accepted);
  }, [billing.data]);

  return (
    <Stack gap="lg">
      <OnboardingCard tmk={tmk} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="xs">
          <Title order={3} fz="lg">
            Terms of Service
          </Title>
          <Text fz="sm" c="dimmed">
            Read the{' '}
            <Anchor href="/terms" target="_blank" rel="noopener" inherit underline="always">
              Merchant Terms and Conditions
            </Anchor>{' '}
            before you enter the bank account details.
          </Text>
          <Switch
            mt="xs"
            label="I accept the Terms of Service"
            checked={tosAccepted}
            disabled={billing.isPending}
            onChange={(e) => setTosAccepted(e.currentTarget.checked)}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <SectionHeader
          order={3}
          title="Bank Account Details"
          description="Where payouts go. The account number is stored encrypted and only its last 4 digits are ever shown."
        />
        {billing.data ? (
          <BankAccountForm
            key={billing.data.updated_at ?? 'new'}
            tmk={tmk}
            billing={billing.data}
            tosAccepted={tosAccepted}
          />
        ) : (
          <Skeleton h={420} radius="md" />
        )}
      </Paper>
    </Stack>
  );
}

/** /settings/billing: onboarding card, Terms of Service switch, bank-account form. Owner only. */
export function BillingSettingsPage() {
  const { tmk } = useSettingsContext();
  return (
    <Stack gap="xs">
      <SectionHeader title="Billing" description="Payment onboarding so that you can receive orders." />
      <RoleGate capability="billing.read" what="billing and payment onboarding">
        <BillingContent tmk={tmk} />
      </RoleGate>
    </Stack>
  );
}
