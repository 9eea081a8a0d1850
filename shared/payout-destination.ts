import { PAYOUT_BANKS, PAYOUT_EWALLETS, type PayoutDestination } from './schemas/withdrawal';

/**
 * A payout destination in words (docs/payments.md, "Withdrawals"): masked for the user, who only needs to recognise
 * it ('BCA •••7890'), in full for the admin, who types it into the transfer ('BCA 1234567890, I Made Wirawan').
 */
export function payoutDestinationLabel(destination: PayoutDestination, view: 'masked' | 'full'): string {
  if (destination.kind === 'bank') {
    const bank = PAYOUT_BANKS[destination.bankCode];
    return view === 'masked' ? `${bank} •••${destination.accountNumber.slice(-4)}` : `${bank} (${destination.bankCode}) ${destination.accountNumber}, ${destination.accountHolder}`;
  }
  const wallet = PAYOUT_EWALLETS[destination.provider];
  return view === 'masked' ? `${wallet} •••${destination.phone.slice(-4)}` : `${wallet} ${destination.phone}`;
}
