import { Checkbox, ScrollArea, Stack, Text } from '@mantine/core';

/**
 * The brands filter's list of checkboxes: a chunk of its own, loaded with the filter's popover on first
 * use, so Mantine's Checkbox is not part of the orders page's first load (docs/decisions/0158).
 */
export interface BrandsFilterProps {
  brands: { value: string; label: string }[];
  value: string[];
  onChange: (refs: string[]) => void;
}

export function BrandsOptions({ brands, value, onChange }: BrandsFilterProps) {
  return (
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
  );
}
