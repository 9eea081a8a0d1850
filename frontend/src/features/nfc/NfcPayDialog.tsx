import QRCode from 'qrcode';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { authedApi } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { useMessages } from '../../i18n/messages';
import { nfcTexts } from '../../i18n/nfc';
import { NfcIcon, RefreshIcon, WalletIcon } from '../app/icons';
import { Sheet } from '../app/Sheet';
import { formatCountdown, remainingMs } from './countdown';
import { canWriteNfc, writeNfcToken } from './web-nfc';

type NfcWrite = 'unsupported' | 'waiting' | 'sent' | 'failed';

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

const errorMessage = (error: unknown) =>
  error instanceof ApiRequestError ? error.serverMessage ?? error.message : error instanceof Error ? error.message : String(error);

/**
 * The NFC Pay dialog (docs/design.md, "Screens and routes" and "States"): asks for a one-time token when it opens, counts down to its
 * expiry ('Expires in mm:ss' only while time is left), 'Refresh NFC' asks for a new one. The token is written
 * over Web NFC where the phone supports it and always shown as a QR code for the station's reader.
 * A balance below the minimum to vend (409) becomes a prompt to top up.
 */
export default function NfcPayDialog({ onClose, onTopUp }: { onClose: () => void; onTopUp: () => void }) {
  const t = useMessages(nfcTexts);
  const [nfc, setNfc] = useState<NfcWrite>(canWriteNfc() ? 'waiting' : 'unsupported');
  const writing = useRef<AbortController | null>(null);
  const started = useRef(false);

  // POST /api/nfc/generate-token; only the latest request's answer shows (a mutation observer follows the last call).
  const token = useMutation({
    mutationFn: async () => {
      const issued = await authedApi('generateNfcToken');
      const qr = await QRCode.toDataURL(issued.token, { errorCorrectionLevel: 'L', margin: 1, width: 288, color: { dark: '#083344', light: '#ffffff' } });
      return { token: issued, qr };
    },
  });
  const lowBalance = token.error instanceof ApiRequestError && token.error.status === 409 ? token.error : null;

  const generate = useCallback(() => {
    writing.current?.abort();
    token.mutate(undefined, {
      onSuccess: ({ token: issued }) => {
        if (!canWriteNfc()) return;
        const controller = new AbortController();
        writing.current = controller;
        setNfc('waiting');
        writeNfcToken(issued.token, controller.signal)
          .then(() => !controller.signal.aborted && setNfc('sent'))
          .catch(() => !controller.signal.aborted && setNfc('failed'));
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409) return;
        toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' });
      },
    });
  }, [token.mutate, t.failed]); // eslint-disable-line react-hooks/exhaustive-deps -- mutate is stable

  useEffect(() => {
    // Once per dialog, also under StrictMode's second mount in development.
    if (!started.current) {
      started.current = true;
      generate();
    }
    return () => writing.current?.abort();
  }, [generate]);

  const state = token.isSuccess ? { status: 'ready' as const, ...token.data } : token.isError ? { status: 'error' as const, message: errorMessage(token.error) } : { status: 'loading' as const };
  const now = useNow(state.status === 'ready');
  const left = state.status === 'ready' ? remainingMs(state.token.expiresAt, now) : 0;
  const expired = state.status === 'ready' && left <= 0;

  return (
    <Sheet title={t.title} onClose={onClose}>
      {lowBalance ? (
        <div className="pb-2 text-center">
          <span aria-hidden="true" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-amber-50 text-amber-600">
            <WalletIcon size={30} />
          </span>
          <h3 className="mt-4 text-base font-bold text-slate-900">{t.lowTitle}</h3>
          <p className="mt-2 text-sm text-slate-600">
            {/* The server's message names the admin's minimum, in the page's language (docs/design.md, "Error texts"). */}
            {lowBalance.serverMessage || t.lowText}
          </p>
          <button type="button" onClick={onTopUp} className="mt-6 w-full rounded-xl bg-brand-600 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700">
            {t.topUp}
          </button>
        </div>
      ) : (
        <div className="text-center">
          <p className="text-sm text-slate-600">{t.hold}</p>
          <div className="relative mx-auto mt-4 flex aspect-square w-64 max-w-full items-center justify-center overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200">
            {state.status === 'ready' ? (
              <img src={state.qr} alt={t.qrAlt} data-expires-at={state.token.expiresAt} className={`h-full w-full p-3 transition ${expired ? 'opacity-15 blur-[2px]' : ''}`} />
            ) : state.status === 'loading' ? (
              <span role="status" className="flex flex-col items-center gap-3 text-sm text-slate-500">
                <span aria-hidden="true" className="h-9 w-9 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600" />
                {t.generating}
              </span>
            ) : (
              <span className="px-6 text-sm" role="alert">
                <span className="block font-semibold text-red-700">{t.failed}</span>
                <span className="mt-1 block break-words text-slate-600">{state.message}</span>
              </span>
            )}
            {expired && <span className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-slate-700">{t.expired}</span>}
          </div>

          <div className="mt-4 h-6 text-sm" aria-live="polite">
            {state.status === 'ready' && left > 0 && (
              <p className="text-slate-600">
                {t.expiresIn} <span className="font-bold tabular-nums text-slate-900" data-testid="nfc-countdown">{formatCountdown(left)}</span>
              </p>
            )}
          </div>

          {state.status === 'ready' && nfc !== 'unsupported' && !expired && (
            <p className={`mt-2 flex items-center justify-center gap-2 text-xs font-medium ${nfc === 'failed' ? 'text-amber-700' : 'text-brand-700'}`}>
              <NfcIcon size={16} />
              {nfc === 'waiting' && t.nfcReady}
              {nfc === 'sent' && t.nfcSent}
              {nfc === 'failed' && t.nfcFailed}
            </p>
          )}

          <button
            type="button"
            onClick={generate}
            disabled={state.status === 'loading'}
            className="mt-5 flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <RefreshIcon size={18} />
            {t.refresh}
          </button>
          <p className="mt-3 text-xs text-slate-600">{t.oneUse}</p>
        </div>
      )}
    </Sheet>
  );
}
