import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link, useLocation } from 'wouter';
import { DeferredFloating } from '../../../components/deferred-floating.tsx';
import { trackNavigation } from '../../../lib/analytics.ts';
import classes from '../shell.module.css';
import { SETTINGS_MENU } from './menu-entries.ts';

export interface SettingsMenuProps {
  onSignOut: () => void;
}

/**
 * SETTINGS dropdown: Profile, Company, Users, Billing, Carrier, Developer, Sign Out.
 * Closes on Escape and on an outside click; arrow keys move between entries.
 */
export function SettingsMenu({ onSignOut }: SettingsMenuProps) {
  const [pathname] = useLocation();
  const isActive = pathname.startsWith('/settings') || pathname.startsWith('/developers');
  return (
    <DeferredFloating
      popup="menu"
      target={
        <button type="button" className={classes.navLink} data-active={isActive || undefined}>
          Settings
          <IconChevronDown size={14} stroke={2.2} aria-hidden="true" />
        </button>
      }
    >
      {({ Menu }, target, opened) => (
        <Menu
          position="bottom-end"
          offset={8}
          width={232}
          shadow="lg"
          radius="md"
          closeOnEscape
          closeOnClickOutside
          withinPortal
          trapFocus
          withInitialFocusPlaceholder={false}
          defaultOpened={opened}
        >
          <Menu.Target>{target}</Menu.Target>
          <Menu.Dropdown aria-label="Settings">
            {SETTINGS_MENU.map((entry) => (
              <Menu.Item
                key={entry.to}
                component={Link}
                to={entry.to}
                onClick={() => trackNavigation(`settings:${entry.label}`, entry.to)}
              >
                {entry.label}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item
              c="red.9"
              leftSection={<IconLogout size={16} aria-hidden="true" />}
              onClick={onSignOut}
            >
              Sign Out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </DeferredFloating>
  );
}
