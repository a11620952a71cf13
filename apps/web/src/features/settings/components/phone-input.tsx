import { TextInput, type TextInputProps } from '@mantine/core';
import { formatUsPhone, MAX_LENGTH } from '@mc/domain';
import { forwardRef } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

export interface PhoneInputProps extends Omit<TextInputProps, 'onChange' | 'value'> {
  value: string | undefined;
  onChange: (value: string) => void;
}

/** US phone input formatted as typed: (###) ###-####. */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput(
  { value, onChange, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 555-5555"
      maxLength={MAX_LENGTH.phone}
      value={value ?? ''}
      onChange={(e) => {
        const raw = e.currentTarget.value;
        // Deleting a formatting character would otherwise be re-added at once.
        onChange(raw.length < (value ?? '').length ? raw : formatUsPhone(raw));
      }}
      {...props}
    />
  );
});

export interface PhoneFieldProps<T extends FieldValues>
  extends Omit<PhoneInputProps, 'value' | 'onChange' | 'onBlur' | 'name'> {
  control: Control<T>;
  name: Path<T>;
}

/** A PhoneInput bound to a form field (its value, changes, blur and focus on an error). */
export function PhoneField<T extends FieldValues>({ control, name, ...props }: PhoneFieldProps<T>) {
  const { field } = useController({ control, name });
  return (
    <PhoneInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value as string | undefined}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
