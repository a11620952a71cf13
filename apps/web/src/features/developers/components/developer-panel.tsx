import { Alert, Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import classes from '../developers.module.css';

/**
 * One panel of the Developers page (API keys, webhooks): its title, what it is for and its add button, then
 * its list as the query stands: a skeleton while loading, an alert with Try again when it failed, a line
 * when there is nothing yet, else `renderItems`. `children` (the panel's dialogs) follow the list.
 */
export function DeveloperPanel<T>({
  id,
  title,
  intro,
  addLabel,
  onAdd,
  query,
  failedText,
  emptyIcon,
  emptyText,
  renderItems,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  addLabel: string;
  onAdd: () => void;
  query: UseQueryResult<{ items: T[] }>;
  failedText: string;
  emptyIcon: ReactNode;
  emptyText: string;
  renderItems: (items: T[]) => ReactNode;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  const items = query.data?.items ?? [];
  return (
    <section aria-labelledby={titleId} className={classes.panel}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} fz="h3" id={titleId}>
            {title}
          </Title>
          <Text fz="sm" c="dark.4" maw={640}>
            {intro}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
      {query.isPending ? (
        <Skeleton height={96} mt="md" />
      ) : query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" mt="md">
          {failedText}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Group gap="xs" mt="md" c="dark.4">
          {emptyIcon}
          <Text fz="sm">{emptyText}</Text>
        </Group>
      ) : (
        renderItems(items)
      )}
      {children}
    </section>
  );
}
