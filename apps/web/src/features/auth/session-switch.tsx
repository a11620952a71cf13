/**
 * A sign-in link (`?jwt=…&tmk=…`) opened while someone is already signed in (start-up.ts keeps it aside).
 * The link's token is asked whose it is (GET /a/v2/users/{sub} with that token, never the stored one):
 * the same person's → adopted silently; another person's → "Switch to {email} at {store}?", and nothing
 * changes unless the person confirms; a link that is not valid → dropped, the current session untouched.
 * Requests go through `fetch` directly so a 401 for the link's token does not sign the current person out.
 */

import { Button, Group, Stack, Text } from '@mantine/core';
import type { Merchant, User } from '@mc/api';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { api } from '../../lib/api.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { getUserId, saveSession } from '../../lib/session.ts';
import { clearPendingSwitch, type PendingSwitch } from '../../lib/start-up.ts';

interface SwitchTarget {
  email: string;
  store: string | null;
}

async function getWithToken<T>(url: string, token: string): Promise<T | null> {
  try {
    const res = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}

/** Whose the link is: null when its token does not answer (expired, revoked, forged). */
async function linkOwner(pending: PendingSwitch): Promise<{ user: User; store: string | null } | null> {
  const id = getUserId(pending.token);
  if (!id) return null;
  const user = await getWithToken<User>(api.url('getUser', { params: { id } }), pending.token);
  if (!user || user.id !== id) return null;
  const merchant = await getWithToken<Merchant>(
    api.url('getMerchant', { params: { tmk: pending.merchantKey } }),
    pending.token,
  );
  return { user, store: merchant?.name ?? null };
}

function adopt(pending: PendingSwitch, opts: { otherPerson: boolean }) {
  if (opts.otherPerson) queryClient.clear();
  saveSession(pending.token, pending.merchantKey);
  if (opts.otherPerson) navigateTo('/', { replace: true });
}

export function SessionSwitch({ pending }: { pending: PendingSwitch }) {
  const [target, setTarget] = useState<SwitchTarget | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let live = true;
    void linkOwner(pending).then((owner) => {
      if (!live) return;
      if (!owner) {
        clearPendingSwitch();
        setDone(true);
      } else if (owner.user.id === getUserId()) {
        // The same person (a fresh OpenID sign-in, e.g. to re-authenticate): nothing to ask.
        clearPendingSwitch();
        adopt(pending, { otherPerson: false });
        setDone(true);
      } else {
        setTarget({ email: owner.user.email, store: owner.store });
      }
    });
    return () => {
      live = false;
    };
  }, [pending]);

  if (done || !target) return null;
  const keep = () => {
    clearPendingSwitch();
    setDone(true);
  };
  const confirm = () => {
    clearPendingSwitch();
    setDone(true);
    adopt(pending, { otherPerson: true });
  };
  const title = target.store ? `Switch to ${target.email} at ${target.store}?` : `Switch to ${target.email}?`;
  return (
    <Dialog opened onClose={keep} title={title}>
      <Stack gap="md">
        <Text fz="sm">
          This link signs in as another account. If you switch, you leave the account you are signed in to now
          on this browser. If you did not expect this link, keep your current account.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={keep} data-autofocus>
            Stay signed in
          </Button>
          <Button onClick={confirm}>Switch account</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
