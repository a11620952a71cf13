import { Divider, Drawer, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { trackNavigation } from '../../../lib/analytics.ts';
import { NavLink } from '../../../lib/router.tsx';
import classes from '../shell.module.css';
import { MAIN_MENU, SETTINGS_MENU } from './menu-entries.ts';

export interface MobileNavProps {
  opened: boolean;
  onClose: () => void;
  onSignOut: () => void;
  storeName: string;
}

/** The menu below 1100 px: a drawer with the same entries as the header and its dropdown. */
export function MobileNav({ opened, onClose, onSignOut, storeName }: MobileNavProps) {
  const go = (label: string, to: string) => {
    trackNavigation(label, to);
    onClose();
  };
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={300}
      padding="md"
      title={<BrandLogo label={storeName} size="sm" />}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <nav aria-label="Main menu">
        <Stack gap={2}>
          {MAIN_MENU.map((entry) => (
            <NavLink
              key={entry.to}
              to={entry.to}
              className={classes.drawerLink}
              onClick={() => go(entry.label, entry.to)}
            >
              {entry.label}
            </NavLink>
          ))}
          <Divider my="xs" />
          <Text fz="xs" fw={700} tt="uppercase" c="dimmed" px="md" py={4} style={{ letterSpacing: '0.08em' }}>
            Settings
          </Text>
          {SETTINGS_MENU.map((entry) => (
            <NavLink
              key={entry.to}
              to={entry.to}
              className={classes.drawerSubLink}
              onClick={() => go(`settings:${entry.label}`, entry.to)}
            >
              {entry.label}
            </NavLink>
          ))}
          <Divider my="xs" />
          <UnstyledButton className={classes.drawerLink} onClick={onSignOut} c="red.8">
            <IconLogout size={16} aria-hidden="true" style={{ verticalAlign: '-3px', marginRight: 8 }} />
            Sign Out
          </UnstyledButton>
        </Stack>
      </nav>
    </Drawer>
  );
}
