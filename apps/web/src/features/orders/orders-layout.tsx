import { ActionIcon, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { ORDER_TABS, ordersHeaderTitle, TAB_LABELS, tabOfPath, tabPath } from '@mc/domain';
import { IconBell, IconBellOff, IconKeyboard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { DeferredDialog } from '../../components/deferred-dialog.tsx';
import { DeferredFloating } from '../../components/deferred-floating.tsx';
import { PlainSwitch } from '../../components/plain-switch.tsx';
import { trackNavigation } from '../../lib/analytics.ts';
import { lazyNamed } from '../../lib/lazy-named.ts';
import { useIsPhone } from '../../lib/media.ts';
import { DEFAULT_LIST_FILTERS, type ListFilters } from '../../lib/query-keys.ts';
import { NavLink, Outlet } from '../../lib/router.tsx';
import { useSession } from '../../lib/session.ts';
import { orderCountsQueryOptions } from './api/get-order-counts.ts';
import { useNewOrders } from './hooks/new-orders-store.ts';
import { useAlertPrefs } from './hooks/use-alert-prefs.ts';
import { useOrderEvents } from './hooks/use-order-events.ts';
import { useOrdersShortcuts } from './hooks/use-orders-shortcuts.ts';
import classes from './orders.module.css';
import { OrdersFiltersContext } from './orders-filters.ts';

/** The shortcuts list loads when first opened ('?' or the keyboard button). */
const ShortcutsDialog = lazyNamed(() => import('./components/shortcuts-dialog.tsx'), 'ShortcutsDialog');

const TITLE_PREFIX = /^\(\d+\) /;

/** '(n) ' before the page title while n new orders are flagged. */
function useNewCountInTitle(count: number, pathname: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change resets the title, so re-apply
  useEffect(() => {
    // After the route frame has set the page's own title (parents' effects run after ours).
    const id = setTimeout(() => {
      const base = document.title.replace(TITLE_PREFIX, '');
      document.title = count > 0 ? `(${count}) ${base}` : base;
    }, 0);
    return () => clearTimeout(id);
  }, [count, pathname]);
  useEffect(
    () => () => {
      document.title = document.title.replace(TITLE_PREFIX, '');
    },
    [],
  );
}

/** The new-order alert switches: in a row, or on a phone folded behind one 'Alerts' button (docs/decisions/0133). */
function AlertToggles({ folded }: { folded: boolean }) {
  const alerts = useAlertPrefs();
  const switches = (
    <>
      <PlainSwitch
        label="Sound on new orders"
        checked={alerts.sound}
        onChange={(e) => alerts.setSound(e.currentTarget.checked)}
      />
      {alerts.desktopAvailable ? (
        <PlainSwitch
          label="Browser notifications"
          checked={alerts.desktop}
          onChange={(e) => void alerts.setDesktop(e.currentTarget.checked)}
        />
      ) : null}
    </>
  );
  if (!folded) return switches;
  const on = alerts.sound || (alerts.desktopAvailable && alerts.desktop);
  return (
    <DeferredFloating
      popup="dialog"
      target={
        <Button
          variant="default"
          size="xs"
          leftSection={
            on ? <IconBell size={16} aria-hidden="true" /> : <IconBellOff size={16} aria-hidden="true" />
          }
          aria-label={`Alerts ${on ? 'on' : 'off'} for new orders`}
        >
          Alerts {on ? 'on' : 'off'}
        </Button>
      }
    >
      {({ Popover }, target, opened) => (
        <Popover position="bottom-end" withinPortal shadow="md" trapFocus defaultOpened={opened}>
          <Popover.Target>{target}</Popover.Target>
          <Popover.Dropdown p="sm">
            <Stack gap="sm">{switches}</Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </DeferredFloating>
  );
}

/** Orders area: 'Orders: <status name>', the four tabs with counts, live updates, and the tab content. */
export function OrdersLayout() {
  const [pathname] = useLocation();
  const { token, merchantKey } = useSession();
  const tmk = merchantKey ?? '';
  const tab = tabOfPath(pathname);
  const counts = useQuery({ ...orderCountsQueryOptions(tmk), enabled: Boolean(tmk) });
  const [filters, setFilters] = useState<ListFilters>(DEFAULT_LIST_FILTERS);
  const filtersValue = useMemo(() => ({ filters, setFilters }), [filters]);
  const phone = useIsPhone();
  const { ids } = useNewOrders();
  useOrderEvents(merchantKey, token);
  useNewCountInTitle(ids.size, pathname);
  const [helpOpen, setHelpOpen] = useState(false);
  useOrdersShortcuts(() => setHelpOpen(true));

  return (
    <div>
      <Group justify="space-between" align="center" mb={phone ? 'sm' : 'lg'} gap="sm" wrap="nowrap">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {tab ? ordersHeaderTitle(tab) : 'Orders'}
        </Title>
        <Group gap="md" className={classes.alerts}>
          <AlertToggles folded={phone} />
          {/* not on a phone's width: a phone has no keyboard for these (the keys still work there) */}
          <DeferredFloating
            target={
              <ActionIcon
                visibleFrom="sm"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label="Keyboard shortcuts"
                aria-keyshortcuts="?"
                onClick={() => setHelpOpen(true)}
              >
                <IconKeyboard size={20} aria-hidden="true" />
              </ActionIcon>
            }
          >
            {({ Tooltip }, target, opened) => (
              <Tooltip label="Keyboard shortcuts (?)" withinPortal defaultOpened={opened}>
                {target}
              </Tooltip>
            )}
          </DeferredFloating>
        </Group>
      </Group>
      <DeferredDialog opened={helpOpen}>
        {(opened) => <ShortcutsDialog opened={opened} onClose={() => setHelpOpen(false)} />}
      </DeferredDialog>
      <div className={classes.layout}>
        <nav aria-label="Order status" className={classes.tabs}>
          {ORDER_TABS.map((t) => (
            <NavLink
              key={t}
              to={tabPath(t)}
              className={classes.tab}
              onClick={() => trackNavigation(`orders-tab:${t}`, tabPath(t))}
            >
              <span className={classes.tabLabel}>{TAB_LABELS[t]}</span>
              <Badge
                size="sm"
                variant={t === tab ? 'filled' : 'light'}
                color={t === tab ? 'wine' : 'gray'}
                aria-label={counts.data ? `${counts.data[t]} orders` : 'count loading'}
                data-count={t}
              >
                {counts.data ? counts.data[t].toLocaleString('en-US') : '…'}
              </Badge>
            </NavLink>
          ))}
        </nav>
        <div className={classes.content}>
          <OrdersFiltersContext.Provider value={filtersValue}>
            <Outlet />
          </OrdersFiltersContext.Provider>
        </div>
      </div>
    </div>
  );
}
