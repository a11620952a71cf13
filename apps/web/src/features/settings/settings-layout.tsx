import { Paper, Title } from '@mantine/core';
import { MSG } from '@mc/domain';
import { IconArrowUpRight } from '@tabler/icons-react';
import { trackNavigation } from '../../lib/analytics.ts';
import { NavLink, Outlet } from '../../lib/router.tsx';
import classes from './settings.module.css';

const SETTINGS_NAV = [
  { label: 'Profile', to: '/settings/profile' },
  { label: 'Company', to: '/settings/company' },
  { label: 'Users', to: '/settings/users' },
  { label: 'Billing', to: '/settings/billing' },
  { label: 'Carrier Account', to: '/settings/carrier' },
];

/** /settings hub: title, navigation to each settings page and to /developers. */
export function SettingsLayout() {
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        {MSG.SETTINGS_TITLE}
      </Title>
      <div className={classes.layout}>
        <nav aria-label="Settings" className={classes.nav}>
          {SETTINGS_NAV.map((entry) => (
            <NavLink
              key={entry.to}
              to={entry.to}
              className={classes.link}
              onClick={() => trackNavigation(`settings:${entry.label}`, entry.to)}
            >
              {entry.label}
            </NavLink>
          ))}
          <NavLink to="/developers" className={classes.link}>
            {MSG.DEVELOPERS_LINK}
            <IconArrowUpRight size={14} aria-hidden="true" className={classes.linkIcon} />
          </NavLink>
        </nav>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.content}>
          <Outlet />
        </Paper>
      </div>
    </div>
  );
}
