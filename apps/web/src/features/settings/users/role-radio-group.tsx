import { Radio, Stack, Text } from '@mantine/core';
import { MERCHANT_ROLE_OPTIONS, type MerchantRole } from '@mc/domain';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/** The three merchant roles with the spec's descriptions. */
export function RoleRadioGroup({
  value,
  onChange,
  error,
  label = 'Role',
}: {
  value: MerchantRole | '' | undefined;
  onChange: (v: MerchantRole) => void;
  error?: string;
  label?: string;
}) {
  return (
    <Radio.Group
      label={label}
      required
      value={value || ''}
      onChange={(v) => onChange(v as MerchantRole)}
      error={error}
    >
      <Stack gap="sm" mt="xs">
        {MERCHANT_ROLE_OPTIONS.map((o) => (
          <Radio
            key={o.value}
            value={o.value}
            label={
              <Text fz="sm" fw={600} component="span">
                {o.label}
              </Text>
            }
            description={o.description.charAt(0).toUpperCase() + o.description.slice(1)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The role choice bound to a form field, with the field's error. */
export function RoleField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const { field, fieldState } = useController({ control, name });
  return <RoleRadioGroup value={field.value} onChange={field.onChange} error={fieldState.error?.message} />;
}
