import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { OrderDetail } from '@mc/api';
import { formatPhoneDisplay, formatTime } from '@mc/domain';

/** The 'Pickup Requested' panel: the courier info. */
export function CourierDetails({ info, tz }: { info: NonNullable<OrderDetail['courier_info']>; tz: string }) {
  const time = (v: string | undefined) => (v ? formatTime(v, tz) : '—');
  return (
    <Stack gap={4} aria-label="Courier details">
      <Group gap="xs">
        <Title order={3} fz="md">
          Pickup Requested
        </Title>
        {info.order_status && (
          <Badge variant="light" color="indigo">
            {info.order_status.replace(/_/g, ' ').toLowerCase()}
          </Badge>
        )}
      </Group>
      <Text fz="sm">
        {info.provider}
        {info.courier_name && ` · ${info.courier_name}`}
        {info.courier_phone && (
          <>
            {' · '}
            <Anchor href={`tel:${info.courier_phone.replace(/[^\d+]/g, '')}`}>
              {formatPhoneDisplay(info.courier_phone)}
            </Anchor>
          </>
        )}
      </Text>
      <Text fz="sm">Packages: {info.number_of_packages ?? '—'}</Text>
      <Text fz="sm">
        Requested {time(info.requested_pickup_time)} · Pickup by {time(info.estimated_pickup_time)} · Delivery
        by {time(info.estimated_delivery_time)}
      </Text>
      {info.pickup_instructions && <Text fz="sm">Instructions: {info.pickup_instructions}</Text>}
      {info.tracking_url && (
        <Anchor href={info.tracking_url} target="_blank" rel="noreferrer" fz="sm">
          Track the courier
        </Anchor>
      )}
    </Stack>
  );
}
