import { Paper, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';

/** /orders/view/:id: placeholder until the order detail view is built (part 2 §2.2). */
export function OrderViewPage() {
  const { id } = useParams();
  return (
    <Paper withBorder p="xl">
      <Title order={2} fz="xl">
        Order {id}
      </Title>
      <Text c="dimmed" mt="xs">
        Order details load here.
      </Text>
    </Paper>
  );
}
