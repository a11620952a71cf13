import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { selectedCountText } from '@mc/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';

/** BRANDS column header: a multi-select that shows '{n} selected'. */
export function BrandsFilter({
  brands,
  value,
  onChange,
}: {
  brands: { value: string; label: string }[];
  value: string[];
  onChange: (refs: string[]) => void;
}) {
  const label = value.length ? selectedCountText(value.length) : 'BRANDS';
  return (
    <DeferredFloating
      popup="dialog"
      target={
        <Button
          variant={value.length ? 'light' : 'subtle'}
          size="compact-sm"
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={value.length ? `Brands filter: ${label}` : 'Brands filter'}
        >
          {label}
        </Button>
      }
    >
      {({ Popover, ScrollArea }, target, opened) => (
        <Popover position="bottom-start" withinPortal shadow="md" trapFocus defaultOpened={opened}>
          <Popover.Target>{target}</Popover.Target>
          <Popover.Dropdown p="sm" miw={220}>
            <Checkbox.Group value={value} onChange={onChange} label="Brands">
              <ScrollArea.Autosize mah={260} mt="xs">
                <Stack gap={8}>
                  {brands.map((b) => (
                    <Checkbox key={b.value} value={b.value} label={b.label} />
                  ))}
                  {brands.length === 0 ? (
                    <Text c="dimmed" fz="sm">
                      No brands yet
                    </Text>
                  ) : null}
                </Stack>
              </ScrollArea.Autosize>
            </Checkbox.Group>
            {value.length ? (
              <Button variant="subtle" size="compact-xs" mt="sm" onClick={() => onChange([])}>
                Clear
              </Button>
            ) : null}
          </Popover.Dropdown>
        </Popover>
      )}
    </DeferredFloating>
  );
}
