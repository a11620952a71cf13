import { Title } from '@mantine/core';
import { NavLink, Outlet, useLocation } from 'react-router';
import { trackNavigation } from '../../lib/analytics.ts';
import { ORDER_TABS } from './order-tabs.ts';
import classes from './orders.module.css';

/** Orders area frame: 'Orders: <status>' heading, the four tabs, and the tab content (placeholder). */
export function OrdersLayout() {
  const { pathname } = useLocation();
  const current = ORDER_TABS.find((t) => pathname.startsWith(`/orders/${t.slug}`));
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        {current ? `Orders: ${current.label}` : 'Orders'}
      </Title>
      <div className={classes.layout}>
        <nav aria-label="Order status" className={classes.tabs}>
          {ORDER_TABS.map((tab) => (
            <NavLink
              key={tab.slug}
              to={`/orders/${tab.slug}`}
              className={classes.tab}
              onClick={() => trackNavigation(`orders-tab:${tab.slug}`, `/orders/${tab.slug}`)}
            >
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <div className={classes.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
