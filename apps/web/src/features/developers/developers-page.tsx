import {
  ActionIcon,
  Anchor,
  Code,
  Collapse,
  CopyButton,
  Group,
  Tabs,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { ordersListPath, pathOf } from '@mc/api';
import { can } from '@mc/domain';
import { IconArrowLeft, IconCheck, IconChevronDown, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { siteName } from '../../lib/brand.ts';
import { merchantQueryOptions } from '../../lib/merchant-api.ts';
import { getUserId, useSession } from '../../lib/session.ts';
import { userQueryOptions } from '../../lib/user-api.ts';
import { ApiKeysPanel } from './components/api-keys-panel.tsx';
import { WebhooksPanel } from './components/webhooks-panel.tsx';
import classes from './developers.module.css';

/** Where the server renders the OpenAPI reference of the merchant API. */
export const API_DOCS_PATH = '/api-docs';

/**
 * The real way to call the merchant API (docs/decisions/0095): sign in with POST /a/v2/login for a bearer token,
 * then call a merchant path with the merchant's own key. The same host the console runs on.
 */
function tokenInstructions(origin: string, tmk: string): string {
  return [
    '# 1. Sign in: the answer is {"token": "...", "user": {...}}',
    `curl -X POST ${origin}${pathOf('login')} \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -d '{"email": "you@example.com", "password": "your-password"}'`,
    '',
    '# 2. Send the token as a bearer token, with your merchant key in the path',
    `curl ${origin}${ordersListPath(tmk)} \\`,
    "  -H 'Authorization: Bearer <token>'",
  ].join('\n');
}

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={copy} aria-label={label}>
            {copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The merchant's own key and how to get a token, above the reference. */
function ApiAccess() {
  const { merchantKey } = useSession();
  const [open, setOpen] = useState(false);
  const tmk = merchantKey ?? '';
  const example = tokenInstructions(window.location.origin, tmk || '<tmk>');
  return (
    <section className={classes.access} aria-label="Your API access">
      <Group gap="lg" wrap="wrap" justify="space-between">
        <Group gap={6} wrap="wrap">
          <Text fz="sm" fw={600}>
            Your merchant key (tmk):
          </Text>
          <Code data-testid="developer-tmk" fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {tmk}
          </Code>
          <CopyValue value={tmk} label="Copy merchant key" />
        </Group>
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="developers-token-help"
        >
          How to get a token
          <IconChevronDown size={14} aria-hidden="true" data-open={open || undefined} />
        </UnstyledButton>
      </Group>
      <Collapse expanded={open} id="developers-token-help">
        <Text fz="sm" mt="xs">
          Sign in with your console email and password to get a bearer token, then send it in the{' '}
          <Code>Authorization</Code> header. Merchant paths take your merchant key. A program should use an
          API key instead, which the store owner makes under “API keys”.
        </Text>
        <Group justify="space-between" mt="xs" gap="xs">
          <Text fz="xs" c="dark.4">
            With curl, on this host:
          </Text>
          <CopyValue value={example} label="Copy curl example" />
        </Group>
        {/* focusable: the example scrolls sideways on a phone (axe scrollable-region-focusable) */}
        <Code
          block
          data-testid="developer-curl"
          tabIndex={0}
          aria-label="curl example"
          className={classes.example}
        >
          {example}
        </Code>
      </Collapse>
    </section>
  );
}

/** The sections of /developers: the reference for everyone; keys and webhooks for whoever manages them. */
const SECTIONS = [
  { value: 'reference', label: 'API reference', path: '/developers', capability: null },
  { value: 'api-keys', label: 'API keys', path: '/developers/api-keys', capability: 'api_keys.manage' },
  { value: 'webhooks', label: 'Webhooks', path: '/developers/webhooks', capability: 'webhooks.manage' },
] as const;

/**
 * /developers: the logo linking to /, then the API reference in a full-screen frame. The store owner also
 * has tabs for the store's API keys and webhook endpoints (/developers/api-keys, /developers/webhooks);
 * anyone else sees the reference alone, whatever the address says.
 */
export function DevelopersPage() {
  const { token, merchantKey } = useSession();
  const tmk = merchantKey ?? '';
  const userId = getUserId(token) ?? '';
  const roles = useQuery({ ...userQueryOptions(userId), enabled: Boolean(userId) }).data?.userRoles ?? [];
  const timezone = useQuery({ ...merchantQueryOptions(tmk), enabled: Boolean(tmk) }).data?.timezone;
  const [, navigate] = useLocation();
  const { section } = useParams();
  const visible = SECTIONS.filter((s) => s.capability === null || (tmk && can(roles, s.capability)));
  const current = visible.find((s) => s.value === section)?.value ?? 'reference';
  return (
    <div className={classes.page}>
      <header className={classes.bar}>
        <Anchor component={Link} to="/" aria-label={`${siteName()} home`} underline="never">
          <BrandLogo tone="light" size="sm" />
        </Anchor>
        <Group gap="lg" wrap="nowrap">
          <Text c="white" fw={600} fz="sm" visibleFrom="sm">
            Merchant API documentation
          </Text>
          <Anchor component={Link} to="/" c="white" fz="sm" fw={500}>
            <IconArrowLeft size={14} aria-hidden="true" style={{ verticalAlign: '-2px', marginRight: 4 }} />
            Back to console
          </Anchor>
        </Group>
      </header>
      {visible.length > 1 ? (
        <Tabs
          value={current}
          onChange={(v) => navigate(SECTIONS.find((s) => s.value === v)?.path ?? '/developers')}
          className={classes.tabs}
        >
          <Tabs.List aria-label="Developer tools">
            {visible.map((s) => (
              <Tabs.Tab key={s.value} value={s.value}>
                {s.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
      {current === 'api-keys' ? (
        <main className={classes.content}>
          <ApiKeysPanel tmk={tmk} timezone={timezone} />
        </main>
      ) : current === 'webhooks' ? (
        <main className={classes.content}>
          <WebhooksPanel tmk={tmk} timezone={timezone} />
        </main>
      ) : (
        <>
          <ApiAccess />
          <iframe className={classes.frame} src={API_DOCS_PATH} title="Merchant API documentation" />
        </>
      )}
    </div>
  );
}
