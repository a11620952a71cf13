import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@mc/domain';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../../lib/query-client.ts';
import { merchantKeys } from '../../../lib/query-keys.ts';
import { onboardingQueryOptions } from '../api/billing.ts';

const ONBOARDING_NEEDS = [
  'Employer Identification Number (EIN)',
  'Business phone number and website',
  'Identity of a business representative (name, date of birth, address, last 4 of SSN)',
  'Bank account for payouts (routing and account number)',
];

/** The payments onboarding card: express dashboard once set up, else the onboarding link, else the no-account message. */
export function OnboardingCard({ tmk }: { tmk: string }) {
  const links = useQuery(onboardingQueryOptions(tmk));
  const complete = links.data?.complete === true;

  // Back from onboarding: the payment banner goes as soon as the account is complete.
  useEffect(() => {
    if (complete) void queryClient.invalidateQueries({ queryKey: merchantKeys.stripe(tmk) });
  }, [complete, tmk]);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="lg">
            {MSG.STRIPE_ONBOARDING_HEADING}
          </Title>
          {links.isSuccess ? (
            complete ? (
              <Badge color="teal" leftSection={<IconCircleCheck size={12} />}>
                Payments active
              </Badge>
            ) : (
              <Badge color="red.9">Action needed</Badge>
            )
          ) : null}
        </Group>
        <Text fz="sm" c="dimmed">
          Card payments for your orders go through Stripe. To receive orders and payouts, Stripe needs:
        </Text>
        <List fz="sm" spacing={4}>
          {ONBOARDING_NEEDS.map((n) => (
            <List.Item key={n}>{n}</List.Item>
          ))}
        </List>
        {links.isPending ? (
          <Skeleton h={36} w={240} />
        ) : links.data?.login_link ? (
          <Group gap="sm">
            <Text fz="sm">Your Stripe account is set up.</Text>
            <Button
              component="a"
              href={links.data.login_link}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              rightSection={<IconExternalLink size={16} />}
            >
              Open Stripe Express Dashboard
            </Button>
          </Group>
        ) : links.data?.onboarding_data?.url ? (
          <Group>
            <Button
              component="a"
              href={links.data.onboarding_data.url}
              rightSection={<IconExternalLink size={16} />}
            >
              Complete Stripe Onboarding
            </Button>
          </Group>
        ) : (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {MSG.BILLING_NO_ACCOUNT}
          </Alert>
        )}
        {complete ? null : (
          <Text fz="xs" c="dimmed">
            You come back here when you finish. Until then the console shows a reminder that payments are not
            set up.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
