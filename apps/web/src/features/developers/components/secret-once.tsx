import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A new API key or webhook signing secret, shown this once: the server keeps only its hash (keys) or will
 * not show it again (secrets). Closing the dialog is the only way on, so it is read before it is gone.
 */
export function SecretOnce({
  title,
  what,
  value,
  onClose,
}: {
  title: string;
  /** What it is, in a sentence's words: 'API key', 'signing secret'. */
  what: string;
  value: string | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={value !== null} onClose={onClose} title={title} centered size="lg">
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          Copy the {what} now and keep it somewhere safe. It is not shown again.
        </Alert>
        <Code
          block
          data-testid="secret-once"
          tabIndex={0}
          aria-label={what}
          style={{ wordBreak: 'break-all' }}
        >
          {value}
        </Code>
        <Group justify="space-between">
          <CopyButton value={value ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                onClick={copy}
                leftSection={
                  copied ? (
                    <IconCheck size={16} aria-hidden="true" />
                  ) : (
                    <IconCopy size={16} aria-hidden="true" />
                  )
                }
              >
                {copied ? 'Copied' : `Copy ${what}`}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
        <Text fz="xs" c="dark.4">
          Lost it? Make a new one and remove the old.
        </Text>
      </Stack>
    </Modal>
  );
}
