import { MSG } from '@mc/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from '../shell.module.css';

/**
 * Shown while the merchant has no payment account (merchant_account_id is null). Whoever may set up
 * payments (the owner) gets the spec's link to billing; everyone else is told to ask the owner, with no
 * link to a page their role cannot open.
 */
export function PaymentBanner({ canSetUpPayments }: { canSetUpPayments: boolean }) {
  return (
    <section className={classes.banner} aria-label="Payment setup">
      <div className={classes.bannerInner}>
        <IconAlertTriangle size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        {canSetUpPayments ? (
          <Link to="/settings/billing" className={classes.bannerLink}>
            {MSG.PAYMENTS_BANNER}
          </Link>
        ) : (
          <span>{MSG.PAYMENTS_BANNER_ASK_OWNER}</span>
        )}
      </div>
    </section>
  );
}
