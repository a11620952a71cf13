import { Select, type SelectProps } from '@mantine/core';
import { US_STATES } from '@mc/domain';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/** US states including DC and PR. */
export function StateSelect(props: Omit<SelectProps, 'data'>) {
  return (
    <Select data={STATE_OPTIONS} searchable allowDeselect={false} placeholder="Select a state" {...props} />
  );
}

/** A required State select bound to a form field (empty until chosen). */
export function StateField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  error?: string;
}) {
  const { field } = useController({ control: props.control, name: props.name });
  return (
    <StateSelect
      label="State"
      required
      value={field.value || null}
      onChange={(v) => field.onChange(v ?? '')}
      onBlur={field.onBlur}
      error={props.error}
    />
  );
}
