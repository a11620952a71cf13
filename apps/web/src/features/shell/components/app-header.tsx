import { Box, Burger } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { Link } from 'wouter';
import { BrandMark } from '../../../components/brand-logo.tsx';
import { trackNavigation } from '../../../lib/analytics.ts';
import { siteName } from '../../../lib/brand.ts';
import { useIsPhone } from '../../../lib/media.ts';
import { NavLink } from '../../../lib/router.tsx';
import classes from '../shell.module.css';
import { MAIN_MENU } from './menu-entries.ts';
import { SettingsMenu } from './settings-menu.tsx';

/** Below this width the header menu moves into a drawer (1100 px, the console's mobile layout). */
const DESKTOP_MEDIA_QUERY = '(min-width: 68.75em)';

export interface AppHeaderProps {
  storeName: string;
  HeaderSlot?: ComponentType;
  mobileNavOpened: boolean;
  onToggleMobileNav: () => void;
  onSignOut: () => void;
}

export function AppHeader({
  storeName,
  HeaderSlot,
  mobileNavOpened,
  onToggleMobileNav,
  onSignOut,
}: AppHeaderProps) {
  const isDesktop = useMediaQuery(DESKTOP_MEDIA_QUERY, true, { getInitialValueInEffect: false });
  // A phone keeps the slot in the header's own row (the orders' search is one button there).
  const phone = useIsPhone();
  const slotInRow = isDesktop || phone;
  return (
    <header className={classes.header}>
      <a href="#main-content" className="mc-skip-link">
        Skip to content
      </a>
      <div className={classes.inner}>
        {isDesktop ? null : (
          <Burger
            opened={mobileNavOpened}
            onClick={onToggleMobileNav}
            color="white"
            size="sm"
            aria-label={mobileNavOpened ? 'Close menu' : 'Open menu'}
            aria-expanded={mobileNavOpened}
          />
        )}
        <Link to="/" className={classes.brand} title="Home">
          <BrandMark size={34} />
          <span className={classes.brandText}>
            <span className={classes.storeName}>{storeName}</span>
            <span className={classes.product}>{siteName()}</span>
          </span>
        </Link>
        {isDesktop ? (
          <nav aria-label="Main" className={classes.nav}>
            {MAIN_MENU.map((entry) => (
              <NavLink
                key={entry.to}
                to={entry.to}
                className={classes.navLink}
                onClick={() => trackNavigation(entry.label, entry.to)}
              >
                {entry.label}
              </NavLink>
            ))}
            <SettingsMenu onSignOut={onSignOut} />
          </nav>
        ) : null}
        {slotInRow && HeaderSlot ? (
          <div className={classes.slot} data-header-slot>
            <HeaderSlot />
          </div>
        ) : null}
      </div>
      {!slotInRow && HeaderSlot ? (
        <Box className={classes.slotMobile} data-header-slot>
          <HeaderSlot />
        </Box>
      ) : null}
    </header>
  );
}
