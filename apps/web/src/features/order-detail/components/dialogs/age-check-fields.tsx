import { Fieldset, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import {
  type AgeVerification,
  AgeVerificationSchema,
  ID_TYPE_OPTIONS,
  MAX_LENGTH,
  MIN_DRINKING_AGE,
} from '@mc/domain';
import { BirthDateFields } from '../../../../components/birth-date-fields.tsx';

/** What the fields hold while they are filled in (the birth date as the selectors emit it). */
export interface AgeCheckDraft {
  id_type: string;
  birth_date: string;
  checked_by: string;
}

export const EMPTY_AGE_CHECK: AgeCheckDraft = { id_type: '', birth_date: '', checked_by: '' };

/**
 * The draft as `delivery_info.age_verification`, or the first problem in the order the fields read.
 * The server decides the age itself (21 on the delivery date in the store's zone) and answers 400 otherwise.
 */
export function ageVerificationOf(
  draft: AgeCheckDraft,
): { ok: true; value: AgeVerification } | { ok: false; message: string } {
  const parsed = AgeVerificationSchema.safeParse(draft);
  if (parsed.success) return { ok: true, value: parsed.data };
  const order = ['id_type', 'birth_date', 'checked_by'];
  const first = [...parsed.error.issues].sort(
    (a, b) => order.indexOf(String(a.path[0])) - order.indexOf(String(b.path[0])),
  )[0];
  return { ok: false, message: first?.message ?? 'Check the ID' };
}

/**
 * The ID check at the door (decision 0101), in the delivery panel's 'Delivered' mode for orders the store's
 * own driver hands over: ID type, birth date (the sign-up form's selectors) and who checked. Only the
 * outcome is kept; the birth date is sent to be checked and never stored.
 */
export function AgeCheckFields({
  value,
  onChange,
}: {
  value: AgeCheckDraft;
  onChange: (next: AgeCheckDraft) => void;
}) {
  const set = (patch: Partial<AgeCheckDraft>) => onChange({ ...value, ...patch });
  return (
    <Fieldset legend={`ID check (${MIN_DRINKING_AGE}+)`} variant="filled" p="sm">
      <Stack gap="sm">
        <Text fz="xs" c="dimmed">
          Only the result is kept (21+, the ID type, who checked and when), never the birth date.
        </Text>
        <NativeSelect
          label="ID type"
          required
          value={value.id_type}
          onChange={(e) => set({ id_type: e.currentTarget.value })}
          data={[{ value: '', label: 'Choose the ID' }, ...ID_TYPE_OPTIONS]}
        />
        <BirthDateFields size="sm" value={value.birth_date} onChange={(birth_date) => set({ birth_date })} />
        <TextInput
          label="Checked by"
          required
          maxLength={MAX_LENGTH.name}
          value={value.checked_by}
          onChange={(e) => set({ checked_by: e.currentTarget.value })}
        />
      </Stack>
    </Fieldset>
  );
}
