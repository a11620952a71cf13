import { MSG } from '@mc/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'wouter';
import { useIsPhone } from '../../../lib/media.ts';
import classes from '../shell.module.css';

/**
 * Shown while the merchant has no payment account (merchant_account_id is null). Whoever may set up
 * payments (the owner) gets the spec's link to billing; everyone else is told to ask the owner, with no
 * link to a page their role cannot open. On a phone it says so in one line (the full sentence is its title),
 * so the orders stay near the top.
 */
export function PaymentBanner({ canSetUpPayments }: { canSetUpPayments: boolean }) {
  const phone = useIsPhone();
  const full = canSetUpPayments ? MSG.PAYMENTS_BANNER : MSG.PAYMENTS_BANNER_ASK_OWNER;
  const short = canSetUpPayments ? MSG.PAYMENTS_BANNER_SHORT : MSG.PAYMENTS_BANNER_SHORT_ASK_OWNER;
  const text = phone ? short : full;
  return (
    <section className={classes.banner} aria-label="Payment setup">
      <div className={classes.bannerInner}>
        <IconAlertTriangle size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        {canSetUpPayments ? (
          <Link to="/settings/billing" className={classes.bannerLink} title={phone ? full : undefined}>
            {text}
          </Link>
        ) : (
          <span title={phone ? full : undefined}>{text}</span>
        )}
      </div>
    </section>
  );
}
