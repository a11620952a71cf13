import { Group, Text, UnstyledButton } from '@mantine/core';
import type { OrderListItem } from '@mc/api';
import { formatOrderDate, MSG, statusLabel } from '@mc/domain';

/**
 * What a header search box's popover lists: 'Searching…', the empty answer with its hint, or the orders
 * found. Loaded with the popover on the box's first focus, not with the page (docs/decisions/0158).
 */
export function SearchResults({
  label,
  loading,
  results,
  timezone,
  noResults,
  showHint,
  onChoose,
}: {
  label: string;
  loading: boolean;
  results: OrderListItem[] | null;
  timezone: string | undefined;
  noResults: string;
  showHint: boolean;
  onChoose: (order: OrderListItem) => void;
}) {
  return (
    <>
      {loading && !results ? (
        <Text c="dimmed" fz="sm" p="sm">
          Searching…
        </Text>
      ) : null}
      {results && results.length === 0 ? (
        <div style={{ padding: 10 }}>
          <Text fz="sm" fw={500} role="status">
            {noResults}
          </Text>
          {showHint ? (
            <Text fz="xs" c="dimmed" mt={4}>
              {MSG.ORDER_ID_HINT}
            </Text>
          ) : null}
        </div>
      ) : null}
      {results?.length ? (
        <ul aria-label={`${label} results`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {results.map((o) => (
            <li key={o.id}>
              <UnstyledButton
                onClick={() => onChoose(o)}
                w="100%"
                p={8}
                style={{ borderRadius: 6 }}
                className="mc-search-result"
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fz="sm" fw={600} ff="monospace">
                    #{o.id}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {statusLabel(o.status)}
                  </Text>
                </Group>
                <Text fz="xs" c="dimmed">
                  {o.recipient.first_name} {o.recipient.last_name} · {o.customer.email} ·{' '}
                  {formatOrderDate(o.date_submitted, timezone)}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
