import { createHmac, timingSafeEqual } from 'node:crypto';
import { can } from '@mc/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { merchants } from '../../db/schema.ts';
import { announceMerchantChanged, loadPrincipal } from '../auth/index.ts';

/** How long an onboarding link works (Stripe's account links expire within minutes too). */
export const ONBOARDING_LINK_TTL_MS = 15 * 60_000;

function onboardingSignature(ctx: AppContext, accountId: string, sid: string, exp: string): string {
  return createHmac('sha256', Buffer.from(ctx.config.jwtSecret))
    .update(`sandbox-onboarding:${accountId}:${sid}:${exp}`)
    .digest('base64url');
}

/**
 * The query that makes a sandbox onboarding link work: the owner's session that asked for it (through the
 * owner-only GET /v1/merchant/{tmk}/stripe), an expiry, and an HMAC over both and the account. The page
 * carries them in its form, so completing needs that live owner session, not just the account id.
 */
export function signedOnboardingQuery(
  ctx: AppContext,
  accountId: string,
  sessionId: string,
  now = Date.now(),
) {
  const exp = String(Math.floor((now + ONBOARDING_LINK_TTL_MS) / 1000));
  return new URLSearchParams({
    sid: sessionId,
    exp,
    sig: onboardingSignature(ctx, accountId, sessionId, exp),
  });
}

type LinkQuery = { sid?: unknown; exp?: unknown; sig?: unknown };

/** The signed link is intact, unexpired, and its session is live and still an owner's of this merchant. */
async function ownerOfLink(ctx: AppContext, accountId: string, merchantId: string, q: LinkQuery | undefined) {
  const sid = typeof q?.sid === 'string' ? q.sid : '';
  const exp = typeof q?.exp === 'string' ? q.exp : '';
  const sig = typeof q?.sig === 'string' ? q.sig : '';
  if (!/^[0-9a-f-]{36}$/.test(sid) || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < Date.now())
    return false;
  const expected = Buffer.from(onboardingSignature(ctx, accountId, sid, exp));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const principal = await loadPrincipal(ctx, sid).catch(() => null);
  return Boolean(
    principal &&
      !principal.passwordMustChange &&
      principal.merchantId === merchantId &&
      can(principal.roles, 'billing.write'),
  );
}

/** Reads the url-encoded form of the 'Complete onboarding' button. */
function formFields(body: unknown): LinkQuery {
  if (typeof body !== 'string' || body.length > 2048) return {};
  return Object.fromEntries(new URLSearchParams(body));
}

const esc = (v: string) =>
  v.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
header{background:#635bff;color:#fff;padding:14px 24px;font-weight:600}
header small{opacity:.8;font-weight:400;margin-left:8px}
main{max-width:640px;margin:24px auto;padding:0 16px}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:8px;padding:20px 24px;margin-bottom:16px}
h1{font-size:22px;margin:0 0 6px}h2{font-size:16px;margin:0 0 12px}
p{line-height:1.5;margin:0 0 8px;color:#3c4257}
label{display:block;font-size:13px;font-weight:600;margin:10px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid #cfd7df;border-radius:6px;font:inherit;background:#f6f9fc}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button,a.btn{display:inline-block;background:#635bff;color:#fff;border:0;border-radius:6px;padding:10px 18px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.muted{color:#697386;font-size:13px}.ok{color:#0e6245;font-weight:600}
</style></head><body><header>Stripe <small>sandbox: nothing here reaches Stripe</small></header><main>${body}</main></body></html>`;
}

const field = (label: string, value: string) =>
  `<label>${esc(label)}<input value="${esc(value)}" readonly></label>`;

/**
 * The local stand-ins for Stripe's hosted onboarding and Express dashboard (payments sandbox only). Like
 * Stripe's account links, an onboarding link is made for the owner who asked for it and expires: it carries
 * a signature over the account, the owner's session and an expiry (signedOnboardingQuery), and completing
 * checks that session again. The account id alone (other roles may learn it) changes nothing.
 */
export function registerSandboxStripePages(root: FastifyInstance, ctx: AppContext): void {
  const byAccount = async (accountId: string) => {
    const [m] = await ctx.database.db
      .select()
      .from(merchants)
      .where(eq(merchants.merchant_account_id, accountId))
      .limit(1);
    return m;
  };

  root.register(async (app) => {
    // The 'Complete onboarding' form posts url-encoded: the signed link's fields, nothing else is read.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    app.get('/v1/sandbox/stripe/onboarding/:accountId', { schema: { hide: true } }, async (req, reply) => {
      const { accountId } = req.params as { accountId: string };
      const m = await byAccount(accountId);
      reply.type('text/html; charset=utf-8');
      if (!m)
        return reply
          .status(404)
          .send(page('Not found', '<div class="card"><h1>This onboarding link is not valid</h1></div>'));
      const expired = page(
        'Link expired',
        '<div class="card"><h1>This onboarding link has expired</h1><p>Open payment setup again from the billing page of the console (store owners only).</p><p><a class="btn" href="/settings/billing">Return to the console</a></p></div>',
      );
      if (m.payments_onboarded) {
        return page(
          'Onboarding complete',
          `<div class="card"><h1>Onboarding is complete</h1><p class="ok">${esc(m.name)} can receive payouts.</p><p><a class="btn" href="/settings/billing">Return to ${esc(m.name)}</a></p></div>`,
        );
      }
      const q = req.query as LinkQuery;
      if (!(await ownerOfLink(ctx, accountId, m.id, q))) return reply.status(403).send(expired);
      const hidden = (['sid', 'exp', 'sig'] as const)
        .map((k) => `<input type="hidden" name="${k}" value="${esc(String(q[k]))}">`)
        .join('');
      const a = (v: string) => v || '—';
      return page(
        `Set up payments for ${m.name}`,
        `<div class="card"><h1>Set up payments for ${esc(m.name)}</h1>
<p>Stripe would ask for the following to verify the business and pay it out. In the sandbox the values are examples and are not stored.</p>
<p class="muted">Account ${esc(accountId)}</p></div>
<form method="post" action="/v1/sandbox/stripe/onboarding/${encodeURIComponent(accountId)}/complete">${hidden}
<div class="card"><h2>Business details</h2>
${field('Legal business name', m.name)}
<div class="row">${field('Employer Identification Number (EIN)', '12-3456789')}${field('Business phone', a(m.primary_phone))}</div>
${field('Business website', `https://${m.tmk}.example.com`)}
${field('Business address', [m.street_1, m.city, m.state, m.zipcode].filter(Boolean).join(', ') || '—')}</div>
<div class="card"><h2>Business representative</h2>
<div class="row">${field('First name', 'Jane')}${field('Last name', 'Doe')}</div>
<div class="row">${field('Date of birth', '01/01/1980')}${field('SSN (last 4)', '0000')}</div>
${field('Email', a(m.email))}</div>
<div class="card"><h2>Bank account for payouts</h2>
<div class="row">${field('Routing number', '110000000')}${field('Account number', '000123456789')}</div></div>
<div class="card"><button type="submit">Complete onboarding</button>
<p class="muted" style="margin-top:10px">You will return to the billing page of the console.</p></div></form>`,
      );
    });

    app.post(
      '/v1/sandbox/stripe/onboarding/:accountId/complete',
      { schema: { hide: true } },
      async (req, reply) => {
        const { accountId } = req.params as { accountId: string };
        const m = await byAccount(accountId);
        if (!m)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(page('Not found', '<div class="card"><h1>This onboarding link is not valid</h1></div>'));
        if (!(await ownerOfLink(ctx, accountId, m.id, formFields(req.body))))
          return reply
            .status(403)
            .type('text/html; charset=utf-8')
            .send(
              page(
                'Not allowed',
                '<div class="card"><h1>Only the store owner can complete onboarding</h1><p>Open payment setup again from the billing page of the console, signed in as the owner.</p></div>',
              ),
            );
        await ctx.database.db
          .update(merchants)
          .set({ payments_onboarded: true, updated_at: new Date() })
          .where(eq(merchants.id, m.id));
        await announceMerchantChanged(ctx, m.id);
        return reply.redirect('/settings/billing', 303);
      },
    );

    app.get('/v1/sandbox/stripe/dashboard/:accountId', { schema: { hide: true } }, async (req, reply) => {
      const { accountId } = req.params as { accountId: string };
      const m = await byAccount(accountId);
      reply.type('text/html; charset=utf-8');
      if (!m)
        return reply
          .status(404)
          .send(page('Not found', '<div class="card"><h1>This dashboard link is not valid</h1></div>'));
      return page(
        `${m.name} · Express dashboard`,
        `<div class="card"><h1>${esc(m.name)}</h1><p class="muted">Express dashboard · account ${esc(accountId)}</p>
<p class="${m.payments_onboarded ? 'ok' : ''}">${m.payments_onboarded ? 'Payouts enabled' : 'Onboarding incomplete'}</p></div>
<div class="card"><h2>Balance</h2><p>$0.00 available · $0.00 pending</p><p class="muted">Payouts go to the bank account given during onboarding.</p></div>
<div class="card"><a class="btn" href="/settings/billing">Return to the console</a></div>`,
      );
    });
  });
}
