import { useEffect, useRef } from 'react';
import { useMessages } from '../../i18n/messages';
import { walletTexts } from '../../i18n/wallet';
import { Dialog } from '@frontend/components/ui';
import { TopUpForm } from './TopUpForm';
import { useTopUp } from './useTopUp';
import { WaitingForPayment } from './WaitingForPayment';

/**
 * The Top Up sheet of the app home (overlay 'topup'). Contract: rendered only while open; calls onClose
 * when dismissed or after a successful top-up. The form (TopUpForm) starts the top-up (useTopUp); while the
 * gateway waits for the customer the sheet shows how to pay (WaitingForPayment) until it settles. Opened by the
 * gateway's return (/app?topup=<id>), it follows that top-up (`returnedTopupId`).
 */
export function TopUpSheet({ onClose, returnedTopupId }: { onClose: () => void; returnedTopupId?: string }) {
  const t = useMessages(walletTexts);
  const closed = useRef(false);
  useEffect(() => {
    // (StrictMode mounts twice in development: reset on every mount.)
    closed.current = false;
    return () => void (closed.current = true);
  }, []);
  const topUp = useTopUp(() => {
    if (!closed.current) onClose();
  }, returnedTopupId);

  return (
    <Dialog open placement="sheet" title={t.title} onClose={onClose}>
      {topUp.pending ? <WaitingForPayment topup={topUp.pending} onClose={onClose} /> : <TopUpForm busy={topUp.start.isPending} failed={topUp.failed} onSubmit={(request) => topUp.start.mutate(request)} />}
    </Dialog>
  );
}
