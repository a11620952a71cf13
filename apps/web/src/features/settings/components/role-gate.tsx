import { Alert, Center } from '@mantine/core';
import { type Capability, primaryMerchantRole, roleLabel } from '@mc/domain';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/page-loader.tsx';
import { useSettingsContext } from '../hooks/use-settings-context.ts';

export interface RoleGateProps {
  capability: Capability;
  /** What the page is for, e.g. 'billing and payment onboarding'. */
  what: string;
  children: ReactNode;
}

/** A page the role may not use explains that instead of failing (the server refuses with 403 anyway). */
export function RoleGate({ capability, what, children }: RoleGateProps) {
  const { user, can, roles } = useSettingsContext();
  if (user.isPending) {
    return (
      <Center mih={160}>
        <Spinner size="sm" label="Loading" />
      </Center>
    );
  }
  if (!can(capability)) {
    const role = primaryMerchantRole(roles);
    return (
      <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="Not available for your role">
        {role ? `Your role (${roleLabel(role)})` : 'Your account'} does not include {what}. Ask the store
        owner if you need access.
      </Alert>
    );
  }
  return <>{children}</>;
}
