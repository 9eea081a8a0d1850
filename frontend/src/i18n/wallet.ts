import { minimumTopupMessage } from '@shared/schemas/transaction';
import { defineMessages } from './messages';

/** Topping up the wallet: the Top Up sheet, its toasts, and the wait for the payment (docs/design.md, "Error texts"). */
export const walletTexts = defineMessages('walletTexts', {
  title: 'Top Up',
  amount: 'Amount',
  customAmount: 'Custom amount',
  minimumPlaceholder: (amount: string) => `Min. ${amount}`,
  paymentMethod: 'Payment method',
  checkingWallets: 'Checking for Google Pay and Apple Pay...',
  cardHint: 'You pay by card on our payment gateway\u2019s page, then come back here.',
  processing: 'Processing...',
  submit: (amount: string) => (amount ? `Top Up ${amount}` : 'Top Up'),
  footnote: (minimum: string) => `Top-ups from ${minimum}. Paid securely through our payment gateway.`,
  invalidAmount: 'Invalid Amount',
  // The server's own wording (shared/schemas), so the toast and a refused request read the same.
  minimum: minimumTopupMessage,
  failedTitle: 'Top Up Failed',
  failedFallback: 'Failed to process top up',
  successTitle: 'Top Up Successful',
  added: (amount: string) => `${amount} has been added to your balance.`,
  paymentError: 'Payment Error',
  sheetLabel: 'Bali Refill wallet top-up',
  cardWalletFailed: 'Payment was cancelled or failed',
  unavailable: (wallet: string) => `${wallet} not available`,
  merchantFailed: 'Merchant validation failed, session aborted',
  googlePayError: { title: 'Google Pay Error', description: 'Failed to load Google Pay. Please try again.' },
  waiting: {
    status: 'Waiting for your payment...',
    with: (method: string) => `with ${method}`,
    openApp: 'Open your e-wallet app',
    payOnCardPage: 'Pay by card on the payment page',
    qrLabel: (method: string) => `${method} payment QR code`,
    qrAlt: 'Payment QR code',
    payBefore: (time: string) => `Pay before ${time}.`,
    close: 'Close',
    balanceUpdates: 'Your balance updates as soon as the payment is confirmed.',
  },
  instructions: {
    approve: 'Open your e-wallet app to approve the payment.',
    ovo: 'Open your OVO app and scan this QR code to pay.',
    gopay: 'Open your Gojek or GoPay app and scan this QR code to pay.',
    qris: 'Scan this QRIS code with any e-wallet or banking app to pay.',
    card: 'Pay with your card on the payment page, then come back here.',
    other: 'Waiting for your payment to be confirmed.',
  },
});

/** A payment QR code's save and share, to scan it from another phone (the guest's page and the Top Up sheet). */
export const qrTexts = defineMessages('qrTexts', {
  hint: 'Paying with another phone? Save or share this code and scan it there.',
  save: 'Save QR',
  share: 'Share QR',
  shareTitle: 'Bali Refill payment code',
});
