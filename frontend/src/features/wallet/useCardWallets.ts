import { useEffect, useState } from 'react';
import { toast } from '../../components/toast';
import { CARD_WALLETS, canPayWith, type CardWallet } from './payment-request';

const GOOGLE_PAY_ERROR = { title: 'Google Pay Error', description: 'Failed to load Google Pay. Please try again.' } as const;

/** Asked once per page: which card wallets this browser offers. A wallet that fails to load is reported once. */
let availability: Promise<CardWallet[]> | undefined;

function detect(): Promise<CardWallet[]> {
  availability ??= Promise.all(
    CARD_WALLETS.map(async (wallet) => {
      try {
        return (await canPayWith(wallet)) ? wallet : null;
      } catch {
        if (wallet === 'google_pay') toast({ ...GOOGLE_PAY_ERROR, variant: 'destructive' });
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
  const [state, setState] = useState<{ status: 'loading' | 'ready'; wallets: CardWallet[] }>({ status: 'loading', wallets: [] });
  useEffect(() => {
    let live = true;
    detect().then(
      (wallets) => live && setState({ status: 'ready', wallets }),
      () => live && setState({ status: 'ready', wallets: [] }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
