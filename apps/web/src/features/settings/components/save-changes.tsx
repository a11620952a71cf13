import { Button, Group } from '@mantine/core';

/** The Save Changes button that ends each settings form: it submits the form, and spins while it saves. */
export function SaveChanges({ saving, disabled }: { saving: boolean; disabled: boolean }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={saving} disabled={disabled}>
        Save Changes
      </Button>
    </Group>
  );
}
