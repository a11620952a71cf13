import { Select, type SelectProps } from '@mantine/core';
import { US_STATES } from '@mc/domain';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/** US states including DC and PR. */
export function StateSelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select data={STATE_OPTIONS} searchable allowDeselect={false} placeholder="Select a state" {...props} />
  );
}
