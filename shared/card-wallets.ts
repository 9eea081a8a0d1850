/** Payment Request API identifiers of the card wallets the top-up sheet offers (frontend/src/features/wallet/). */
export const GOOGLE_PAY_METHOD = 'https://google.com/pay';
export const APPLE_PAY_METHOD = 'https://apple.com/apple-pay';

/**
 * What the browser fetches for those identifiers before it can answer canMakePayment (the payment method manifests,
 * after the redirects to www. and Google Pay's manifests on pay.google.com). The CSP's connect-src governs these
 * fetches: without them Chromium blocks the check and reports a violation.
 */
export const CARD_WALLET_CONNECT_SOURCES = [GOOGLE_PAY_METHOD, 'https://www.google.com/pay', 'https://pay.google.com', APPLE_PAY_METHOD, 'https://www.apple.com/apple-pay'];
