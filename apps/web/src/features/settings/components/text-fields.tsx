import { TextInput } from '@mantine/core';
import { maxLengthFor } from '@mc/domain';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

export interface TextFieldOptions {
  required?: boolean;
  type?: string;
  autoComplete?: string;
}

/**
 * `text(name, label, opts)` for a settings form: a TextInput registered on the form's field, with the
 * domain's length limit for that field and the field's error.
 */
export function textFields<T extends FieldValues, C, V extends FieldValues>(form: UseFormReturn<T, C, V>) {
  return (name: Path<T>, label: string, opts: TextFieldOptions = {}) => (
    <TextInput
      label={label}
      maxLength={maxLengthFor(String(name))}
      required={opts.required}
      type={opts.type}
      autoComplete={opts.autoComplete}
      error={form.getFieldState(name, form.formState).error?.message}
      {...form.register(name)}
    />
  );
}
