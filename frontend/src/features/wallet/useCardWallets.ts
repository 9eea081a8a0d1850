import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';
import { useMessages } from '../../i18n/messages';
import { walletTexts } from '../../i18n/wallet';
import { CARD_WALLETS, canPayWith, type CardWallet } from './payment-request';

type GooglePayError = (typeof walletTexts)['en']['googlePayError'];

/** Asked once per page: which card wallets this browser offers. A wallet that fails to load is reported once. */
let availability: Promise<CardWallet[]> | undefined;

function detect(googlePayError: GooglePayError): Promise<CardWallet[]> {
  availability ??= Promise.all(
    CARD_WALLETS.map(async (wallet) => {
      try {
        return (await canPayWith(wallet)) ? wallet : null;
      } catch {
        if (wallet === 'google_pay') toast({ ...googlePayError, variant: 'destructive' });
        // Let a later screen try again.
        availability = undefined;
        return null;
      }
    }),
  ).then((found) => found.filter((w): w is CardWallet => w !== null));
  return availability;
}

/** 'loading' until the browser answered, then the wallets it offers (none in a headless Chromium: hidden, honestly). */
export function useCardWallets(): { status: 'loading' | 'ready'; wallets: CardWallet[] } {
  const googlePayError = useMessages(walletTexts).googlePayError;
  const [state, setState] = useState<{ status: 'loading' | 'ready'; wallets: CardWallet[] }>({ status: 'loading', wallets: [] });
  useEffect(() => {
    let live = true;
    detect(googlePayError).then(
      (wallets) => live && setState({ status: 'ready', wallets }),
      () => live && setState({ status: 'ready', wallets: [] }),
    );
    return () => {
      live = false;
    };
  }, [googlePayError]);
  return state;
}
