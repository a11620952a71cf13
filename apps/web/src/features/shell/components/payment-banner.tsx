import { MSG } from '@mc/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from '../shell.module.css';

const PAYMENT_BANNER_TEXT = MSG.PAYMENTS_BANNER;

/** Shown while the merchant has no payment account (merchant_account_id is null). */
export function PaymentBanner() {
  return (
    <section className={classes.banner} aria-label="Payment setup">
      <div className={classes.bannerInner}>
        <IconAlertTriangle size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Link to="/settings/billing" className={classes.bannerLink}>
          {PAYMENT_BANNER_TEXT}
        </Link>
      </div>
    </section>
  );
}
