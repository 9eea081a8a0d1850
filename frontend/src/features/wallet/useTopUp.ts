import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { formatRupiah } from '@shared/money';
import { paymentMethodName } from '@shared/payment-methods';
import { CardWalletFailed, refreshWallet, serverMessage, topupQueries, useStartTopUp, type TopupStatus } from '../../api/wallet';
import { toast } from '../../components/toast';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { walletTexts } from '../../i18n/wallet';
import { MerchantValidationFailed, WalletCancelled, WalletUnavailable } from './payment-request';

/**
 * Starts a top-up (useStartTopUp: POST /api/wallet/topup, after the browser's payment sheet for a card wallet),
 * sends the browser to the gateway's page for a card, then follows a pending one (GET /api/wallet/topup/{id}) until
 * the gateway decides. Settled: the balance and the history are read again, a confirmation shows and `onSettled`
 * runs. Failed, expired or refunded: a toast says why and the form shows again.
 */
export function useTopUp(onSettled: () => void, returnedId?: string) {
  const t = useMessages(walletTexts);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TopupStatus | null>(null);
  // The top-up the gateway's return brought the payer back to (/app?topup=), followed as one started here.
  const [returned, setReturned] = useState(returnedId ?? null);
  // The amount and method of a top-up that failed: the form comes back with them, to try again or change one.
  const [failed, setFailed] = useState<{ amount: number; method: string } | null>(null);
  const followedId = pending?.id ?? returned;
  const stopFollowing = () => {
    setPending(null);
    setReturned(null);
  };
  // Server messages (status.message, serverMessage) come in the page's language too (docs/design.md, "Error texts").
  const failureToast = (message?: string | null) => toast({ title: t.failedTitle, description: message || t.failedFallback, variant: 'destructive' });

  /** True when the top-up is decided (settled or failed). */
  const finish = async (status: TopupStatus) => {
    if (status.status === 'settled') {
      await refreshWallet(queryClient);
      toast({ title: t.successTitle, description: t.added(formatRupiah(status.amount)), variant: 'success' });
      onSettled();
      return true;
    }
    if (status.status === 'failed' || status.status === 'expired' || status.status === 'refunded') {
      failureToast(status.message);
      setFailed({ amount: status.amount, method: status.paymentMethod });
      stopFollowing();
      return true;
    }
    return false;
  };

  const start = useStartTopUp(t, {
    onSuccess: async (status) => {
      if (await finish(status)) return;
      queryClient.setQueryData(topupQueries.status(status.id, language).queryKey, status);
      setReturned(null);
      setPending(status);
      // A card is paid on the gateway's page, which brings the payer back to /app?topup=<id> (returnedId).
      if (status.redirectUrl) window.location.assign(status.redirectUrl);
    },
    onError: (error) => {
      if (error instanceof WalletCancelled) return;
      if (error instanceof WalletUnavailable) toast({ title: t.unavailable(paymentMethodName(error.wallet)), variant: 'destructive' });
      else if (error instanceof MerchantValidationFailed) toast({ title: t.paymentError, description: t.merchantFailed, variant: 'destructive' });
      else if (error instanceof CardWalletFailed) toast({ title: t.paymentError, description: error.message, variant: 'destructive' });
      else failureToast(serverMessage(error, t.failedFallback));
    },
  });

  // Follow a pending top-up until the gateway decides (once per top-up).
  const followed = useQuery({ ...topupQueries.status(followedId ?? '', language), enabled: followedId !== null });
  const decided = useRef<string | null>(null);
  // Reacts to the followed status only; reads the latest followed top-up and finish() without re-running for them.
  const onFollowed = useEffectEvent((data: typeof followed.data, error: unknown) => {
    if (!followedId || decided.current === followedId) return;
    if (data && data.id === followedId && data.status !== 'pending') {
      decided.current = followedId;
      void finish(data);
    } else if (error) {
      decided.current = followedId;
      failureToast(serverMessage(error, t.failedFallback));
      stopFollowing();
    }
  });
  useEffect(() => onFollowed(followed.data, followed.error), [followed.data, followed.error]);

  const current = followedId !== null && followed.data?.id === followedId ? followed.data : pending;
  return { start, pending: current, failed };
}
