import { Anchor, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { legacyBankFormEnabled } from '../../../lib/brand.ts';
import { billingQueryOptions } from '../api/billing.ts';
import { RoleGate } from '../components/role-gate.tsx';
import { SectionHeader } from '../components/section-header.tsx';
import { useSettingsContext } from '../hooks/use-settings-context.ts';
import { BankAccountForm } from './bank-account-form.tsx';
import { OnboardingCard } from './onboarding-card.tsx';

function BillingContent({ tmk }: { tmk: string }) {
  const billing = useQuery(billingQueryOptions(tmk));
  const [tosAccepted, setTosAccepted] = useState(false);
  // The former payment provider's bank-account form is kept for a site that still pays out through it,
  // and rendered only when the server's LEGACY_BANK_FORM turns it on (docs/decisions/0132).
  const showBankForm = legacyBankFormEnabled();
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
            </Anchor>
            {showBankForm ? ' before you enter the bank account details.' : '.'}
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
      {showBankForm && (
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
      )}
    </Stack>
  );
}

/**
 * /settings/billing: onboarding card and Terms of Service switch; the legacy bank-account form under them
 * only where LEGACY_BANK_FORM turns it on. Owner only.
 */
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
