import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconExternalLink, IconPackage } from '@tabler/icons-react';

/** The partner's page; set VITE_SHIPPING_PARTNER_URL at build time to point elsewhere. */
const SHIPPING_PARTNER_URL: string =
  import.meta.env.VITE_SHIPPING_PARTNER_URL || 'https://www.example.com/shipping-partner';

/** The group purchasing partner promo. */
export function PartnerPromoCard() {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="wine.0">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
          <IconPackage size={24} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={3} fz="lg">
            Save on shipping and packing supplies
          </Title>
          <Text fz="sm" c="dimmed">
            Join our group purchasing partner to get member rates on carrier shipping, boxes and wine
            shippers.
          </Text>
          <Group mt={4}>
            <Button
              component="a"
              href={SHIPPING_PARTNER_URL}
              target="_blank"
              rel="noopener noreferrer"
              variant="white"
              rightSection={<IconExternalLink size={16} />}
            >
              Learn more
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
