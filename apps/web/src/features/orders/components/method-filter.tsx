import { Button, Menu } from '@mantine/core';
import { deliveryMethodFilterOptions } from '@mc/domain';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';

/** METHOD column header: a filter dropdown of delivery methods (the domain's method labels); filtered, it shows the method. */
export function MethodFilter({
  methods,
  value,
  onChange,
}: {
  methods: string[];
  value: string | null;
  onChange: (method: string | null) => void;
}) {
  const options = deliveryMethodFilterOptions(methods.length ? methods : undefined);
  const current = options.find((o) => o.value === value);
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant={value ? 'light' : 'subtle'}
          size="compact-sm"
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={current ? `Method filter: ${current.label}` : 'Method filter'}
        >
          {/* the chosen method alone, like BRANDS' '{n} selected': 'METHOD: …' pushed TOTAL under the sticky
              actions column at 1440 px (decision 0093) */}
          {current ? current.label : 'METHOD'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onChange(null)} leftSection={value ? null : <IconCheck size={14} />}>
          All methods
        </Menu.Item>
        {options.map((o) => (
          <Menu.Item
            key={o.value}
            onClick={() => onChange(o.value)}
            leftSection={value === o.value ? <IconCheck size={14} /> : null}
          >
            {o.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
