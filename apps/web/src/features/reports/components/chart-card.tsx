import { Button, Card, Group, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { toCsv } from '@mc/domain';
import { IconDownload, IconTable } from '@tabler/icons-react';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { saveBlob } from '../../../lib/save-blob.ts';

export interface DataTable {
  header: string[];
  rows: (string | number)[][];
}

/**
 * A chart with its data: the chart is a picture for sighted users (aria-hidden), the same numbers are a
 * table (always in the page for screen readers, shown on request), and "Download CSV" saves that table.
 */
export function ChartCard(props: {
  title: string;
  fileName: string;
  table: DataTable;
  empty?: string;
  children: ReactNode;
}) {
  const { title, fileName, table, empty, children } = props;
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const isEmpty = table.rows.length === 0;
  const grid = (
    <Table id={tableId} striped withTableBorder fz="sm" aria-labelledby={titleId}>
      <Table.Thead>
        <Table.Tr>
          {table.header.map((h) => (
            <Table.Th key={h} scope="col">
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((r) => (
          <Table.Tr key={String(r[0])}>
            {r.map((c, i) =>
              i === 0 ? (
                <Table.Th key={table.header[i]} scope="row" fw={400}>
                  {c}
                </Table.Th>
              ) : (
                <Table.Td key={table.header[i]}>{c}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconTable size={16} aria-hidden="true" />}
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
            disabled={isEmpty}
          >
            {showTable ? 'Hide table' : 'Show table'}
          </Button>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() =>
              saveBlob(
                new Blob([toCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }),
                fileName,
              )
            }
            disabled={isEmpty}
            aria-label={`Download CSV: ${title}`}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {isEmpty ? (
        <Text c="dimmed" fz="sm" py="lg" ta="center">
          {empty ?? 'No orders in this period.'}
        </Text>
      ) : (
        <>
          <div aria-hidden="true">
            <Suspense fallback={<Skeleton h={160} />}>{children}</Suspense>
          </div>
          {showTable ? (
            <div style={{ overflowX: 'auto', marginTop: 12 }}>{grid}</div>
          ) : (
            <VisuallyHidden>{grid}</VisuallyHidden>
          )}
        </>
      )}
    </Card>
  );
}
