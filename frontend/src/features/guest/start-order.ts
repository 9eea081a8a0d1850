import { isCardWallet } from '@shared/schemas/transaction';
import { type GuestOrderRequest } from '@shared/schemas/guest';
import { ApiRequestError } from '../../api/client';
import { createGuestOrder } from '../../api/guest';
import { validateAppleMerchant } from '../../api/wallet';
import type { guestTexts } from '../../i18n/guest';
import type { Translation } from '../../i18n/messages';
import { payWithWallet, WalletCancelled, type WalletPayment } from '../wallet/payment-request';

/**
 * Paying at the station's page: a guest order, after the card wallet's sheet for Google Pay and Apple Pay; a card
 * answers the gateway's hosted page to send the browser to. Loaded when
 * the pay button is pressed, not with the page: the typed API client and the contract's schemas it brings are more
 * than the page's first render may load (docs/scale.md, "First-render JavaScript budget").
 */
export async function startGuestOrder({ body, amount, keys, t }: {
  body: GuestOrderRequest;
  amount: number;
  /** One Idempotency-Key per distinct request: a retry of the same one after a lost answer finds its order. */
  keys: Map<string, string>;
  t: Translation<(typeof guestTexts)['en']>;
}): Promise<{ receiptId: string; redirectUrl: string | null } | { error: string } | 'cancelled'> {
  const signature = JSON.stringify(body);
  // A card wallet's token is new on every attempt, and so is its key.
  const card = isCardWallet(body.paymentMethod);
  const key = (!card && keys.get(signature)) || crypto.randomUUID();
  keys.set(signature, key);
  let wallet: WalletPayment | null = null;
  try {
    if (card) {
      wallet = await payWithWallet(body.paymentMethod as 'google_pay' | 'apple_pay', {
        amount, label: 'Bali Refill',
        validateMerchant: (url) => validateAppleMerchant(url, window.location.hostname),
      });
    }
    const created = await createGuestOrder({ ...body, ...(wallet ? { walletToken: wallet.token } : {}) }, key);
    await wallet?.complete('success');
    return { receiptId: created.receiptId, redirectUrl: created.payment.redirectUrl };
  } catch (failure) {
    await wallet?.complete('fail');
    if (failure instanceof WalletCancelled) return 'cancelled';
    const status = failure instanceof ApiRequestError ? failure.status : 0;
    // A 429 says when to try again, in the page's language (the API answers in it).
    return {
      error: status === 429 ? (failure instanceof ApiRequestError && failure.serverMessage) || t.tooMany : status === 409 ? t.unavailable : status === 400 && failure instanceof ApiRequestError ? (Object.values(failure.body?.fields ?? {})[0] ?? t.payFailed) : t.payFailed,
    };
  }
}
