import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour2, IconFileInvoice, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/brand-logo.tsx';
import { RouteLink } from '../../../components/route-link.tsx';
import { siteName } from '../../../lib/brand.ts';
import classes from '../auth.module.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wider card for the sign-up form. */
  wide?: boolean;
}

const POINTS = [
  { icon: IconClockHour2, text: 'See every new order the moment it arrives, with its delivery deadline.' },
  {
    icon: IconTruckDelivery,
    text: 'Accept, ship and track orders, from on-demand delivery to carrier labels.',
  },
  { icon: IconFileInvoice, text: 'Print packing slips, receipts and directions in one click.' },
];

/** Logged-out frame: brand panel on wide screens, a centred card with the form. */
export function AuthLayout({ title, subtitle, children, wide = false }: AuthLayoutProps) {
  const year = new Date().getFullYear();
  return (
    <div className={classes.page}>
      <aside className={classes.aside} aria-label={`About ${siteName()}`}>
        <RouteLink
          to="/"
          aria-label={`${siteName()} home`}
          style={{ textDecoration: 'none', width: 'fit-content' }}
        >
          <BrandLogo tone="light" size="lg" />
        </RouteLink>
        <div>
          <p className={classes.asideHeadline}>Fulfil every marketplace order on time.</p>
          <p className={classes.asideText}>
            The console for stores selling wine, beer and spirits through the marketplace.
          </p>
          <ul className={classes.points}>
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className={classes.point}>
                <span className={classes.pointIcon} aria-hidden="true">
                  <Icon size={16} />
                </span>
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className={classes.asideFoot}>
          © {year} {siteName()}
        </div>
      </aside>
      <main className={classes.content}>
        <div className={classes.mobileLogo}>
          <RouteLink to="/" aria-label={`${siteName()} home`} style={{ textDecoration: 'none' }}>
            <BrandLogo size="md" />
          </RouteLink>
        </div>
        <Paper
          className={classes.card}
          style={wide ? { maxWidth: 560 } : undefined}
          withBorder
          shadow="sm"
          p={{ base: 'lg', sm: 36 }}
        >
          <Stack gap={6} mb="lg">
            <Title order={1} fz={{ base: 24, sm: 26 }}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" fz="sm">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
        <div className={classes.footerLinks}>
          <Anchor href="/terms" target="_blank" rel="noopener noreferrer" c="dimmed" fz="xs">
            Merchant Terms and Conditions
          </Anchor>
        </div>
      </main>
    </div>
  );
}
