import { type Capability, can } from '@mc/domain';
import { useQuery } from '@tanstack/react-query';
import { getUserId, useSession } from '../../../lib/session.ts';
import { userQueryOptions } from '../../../lib/user-api.ts';

/** The merchant key, the signed-in user and what their role allows (the domain's table decides). */
export function useSettingsContext() {
  const { token, merchantKey } = useSession();
  const userId = getUserId(token) ?? '';
  const user = useQuery({ ...userQueryOptions(userId), enabled: Boolean(userId) });
  const roles = user.data?.userRoles ?? [];
  return {
    tmk: merchantKey ?? '',
    userId,
    user,
    roles,
    can: (capability: Capability) => can(roles, capability),
  };
}
