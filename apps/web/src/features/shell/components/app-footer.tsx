import { Anchor } from '@mantine/core';
import { siteName } from '../../../lib/brand.ts';
import classes from '../shell.module.css';

export function AppFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <span>
          © {year} {siteName()}. All rights reserved.
        </span>
        <Anchor href="/terms" target="_blank" rel="noopener noreferrer" fz="sm" c="wine.9" fw={500}>
          Terms of Service
        </Anchor>
      </div>
    </footer>
  );
}
