import { IconMail } from '@tabler/icons-react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResendVerification } from '../../../lib/user-email.ts';
import classes from '../shell.module.css';

export const EMAIL_NOTICE_TEXT = 'Confirm your email';

/**
 * Shown while the account's address is not confirmed: the account works, the notice only asks for the
 * link in the confirmation email and offers to send it again (at most 3 an hour; the server says when).
 */
export function EmailNotice({ userId, email }: { userId: string; email: string }) {
  const resend = useResendVerification(userId);
  return (
    <section className={`${classes.banner} ${classes.notice}`} aria-label="Email confirmation">
      <div className={classes.bannerInner}>
        <IconMail size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        <span>
          {EMAIL_NOTICE_TEXT}: open the link we sent to {email}.{' '}
          <button
            type="button"
            className={classes.noticeButton}
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (ok) => notifySuccess(ok.message ?? 'We sent the link again.'),
                onError: (error) => notifyError(error),
              })
            }
          >
            {resend.isPending ? 'Sending…' : 'Resend'}
          </button>
        </span>
      </div>
    </section>
  );
}
