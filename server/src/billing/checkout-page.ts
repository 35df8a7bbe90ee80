import type { CheckoutSession, Plan } from '@footfall/db';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** `$9.00`, `€29.00`, `¥900`: the amount in the currency's minor unit, shown as the currency writes it. */
export function formatPrice(amountMinor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountMinor / 10 ** digits);
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

// Inline styles are allowed by the content security policy (`style-src 'self' 'unsafe-inline'`); the page
// loads nothing else and runs no script.
const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#1f2933}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 2px 12px #0001}
h1{margin:0 0 1rem;font-size:1.4rem}
.notice{padding:.6rem .8rem;border-radius:8px;background:#fff4d6;color:#6b4e00;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem;margin:1.2rem 0}dt{color:#616e7c}dd{margin:0}
.actions{display:flex;gap:.8rem;margin-top:1.5rem}form{margin:0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid #cbd2d9;background:#fff;cursor:pointer}
button.pay{background:#2563eb;border-color:#2563eb;color:#fff;font-weight:600}
a{color:#2563eb}
@media (max-width:32rem){main{margin:1rem}}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutPageData {
  session: CheckoutSession;
  companyName: string;
  plan: Plan;
}

/** The test provider's payment page for an open session: what is bought, and two buttons. */
export function openCheckoutPage({ session, companyName, plan }: CheckoutPageData): string {
  const price = formatPrice(plan.priceCents, plan.currency);
  const base = `/billing/checkout/${encodeURIComponent(session.id)}`;
  return layout(
    'Test checkout',
    `<h1>Test checkout</h1>
<p class="notice" role="note">Test mode — no card is charged.</p>
<dl>
<dt>Company</dt><dd>${escapeHtml(companyName)}</dd>
<dt>Plan</dt><dd>${escapeHtml(plan.name)}</dd>
<dt>Price</dt><dd>${escapeHtml(price)} / ${escapeHtml(plan.interval)}</dd>
</dl>
<div class="actions">
<form method="post" action="${base}/confirm"><button class="pay" type="submit">Pay ${escapeHtml(price)}</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form>
</div>`,
  );
}

const CLOSED_REASONS: Record<Exclude<CheckoutSession['status'], 'open'>, string> = {
  complete: 'This checkout is already complete.',
  canceled: 'This checkout was canceled.',
  expired: 'This checkout has expired.',
};

/** A session that can no longer be paid: say why, and lead back to the plans. */
export function closedCheckoutPage(session: CheckoutSession): string {
  const reason = session.status === 'open' ? '' : CLOSED_REASONS[session.status];
  return layout(
    'Test checkout',
    `<h1>Test checkout</h1>
<p>${escapeHtml(reason)} Nothing more can be paid here.</p>
<p><a href="/user-plans/${session.companyId}">Back to the plans</a></p>`,
  );
}

export function checkoutNotFoundPage(): string {
  return layout(
    'Checkout not found',
    `<h1>Checkout not found</h1>
<p>There is no checkout at this address. Start again from your plans page.</p>
<p><a href="/home">Go to Footfall</a></p>`,
  );
}
