import QRCode from 'qrcode';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatRupiah } from '@shared/money';
import { ApiRequestError } from '../../api/client';
import { impactQueries } from '../../api/impact';
import { nfcTokenQueries, useIssueNfcCode, type NfcToken, type NfcTokenProgress } from '../../api/nfc';
import { refreshWallet } from '../../api/wallet';
import { CheckIcon, WifiOffIcon } from '../../components/icons';
import { toast } from '../../components/toast';
import { useLanguage } from '../../i18n/language';
import { useMessages, type Translation } from '../../i18n/messages';
import { nfcTexts } from '../../i18n/nfc';
import { DropIcon, NfcIcon, RefreshIcon, WalletIcon } from '../app/icons';
import { formatLitres } from '../app/format';
import { Dialog } from '@frontend/components/ui';
import { useOnline } from '../pwa/online-status';
import { formatCountdown, remainingMs } from './countdown';
import { canWriteNfc, writeNfcToken } from './web-nfc';

type NfcWrite = 'unsupported' | 'waiting' | 'sent' | 'failed';
/** A code on screen: the token and its QR image. */
type Code = { token: NfcToken; qr: string };

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
 * over Web NFC where the phone supports it and always shown as a QR code for the station's reader. While the code
 * is shown the dialog follows it: dispensing at the station that took it, then what was charged (or why not).
 * A balance below the minimum to vend (409) becomes a prompt to top up. The code on screen stays through a lost
 * connection and a failed refresh: it works until it expires, and a station checks it without the phone.
 */
export default function NfcPayDialog({ onClose, onTopUp }: { onClose: () => void; onTopUp: () => void }) {
  const t = useMessages(nfcTexts);
  const online = useOnline();
  const [code, setCode] = useState<Code | null>(null);
  const [nfc, setNfc] = useState<NfcWrite>(canWriteNfc() ? 'waiting' : 'unsupported');
  const writing = useRef<AbortController | null>(null);
  const started = useRef(false);

  const issue = useIssueNfcCode(async (token): Promise<Code> => ({
    token,
    qr: await QRCode.toDataURL(token.token, { errorCorrectionLevel: 'L', margin: 1, width: 288, color: { dark: '#083344', light: '#ffffff' } }),
  }));
  const lowBalance = issue.error instanceof ApiRequestError && issue.error.status === 409 ? issue.error : null;

  const generate = useCallback(() => {
    issue.mutate(undefined, {
      onSuccess: (issued) => {
        writing.current?.abort();
        setCode(issued);
        if (!canWriteNfc()) return;
        const controller = new AbortController();
        writing.current = controller;
        setNfc('waiting');
        writeNfcToken(issued.token.token, controller.signal)
          .then(() => !controller.signal.aborted && setNfc('sent'))
          .catch(() => !controller.signal.aborted && setNfc('failed'));
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409) return;
        toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' });
      },
    });
  }, [issue.mutate, t.failed]); // eslint-disable-line react-hooks/exhaustive-deps -- mutate is stable

  useEffect(() => {
    // Once per dialog (also under StrictMode's second mount in development), as soon as there is a connection.
    if (!started.current && online) {
      started.current = true;
      generate();
    }
  }, [generate, online]);
  useEffect(() => () => writing.current?.abort(), []);

  const now = useNow(code !== null);
  const valid = code !== null && remainingMs(code.token.expiresAt, now) > 0;
  // Without a code, nothing asked yet and no connection: the code's place says so itself.
  const waitingForConnection = !code && !online && issue.isIdle;

  return (
    <Dialog open placement="sheet" title={t.title} onClose={onClose}>
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
          {code ? (
            <FollowedCode key={code.token.tokenId} code={code} now={now} nfc={nfc} />
          ) : (
            <>
              <p className="min-h-10 text-sm text-slate-600">{t.hold}</p>
              <div className="mx-auto mt-4 flex aspect-square w-64 max-w-full items-center justify-center overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200">
                {issue.isPending ? (
                  <span role="status" className="flex flex-col items-center gap-3 text-sm text-slate-500">
                    <span aria-hidden="true" className="h-9 w-9 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600" />
                    {t.generating}
                  </span>
                ) : waitingForConnection ? (
                  <span role="status" className="flex flex-col items-center gap-3 px-6 text-sm text-slate-600">
                    <WifiOffIcon size={30} className="text-amber-700" />
                    {t.offlineNoCode}
                  </span>
                ) : (
                  <span className="px-6 text-sm" role="alert">
                    <span className="block font-semibold text-red-700">{t.failed}</span>
                    <span className="mt-1 block break-words text-slate-600">{errorMessage(issue.error)}</span>
                  </span>
                )}
              </div>
              <div className="mt-4 h-6" />
            </>
          )}

          <button
            type="button"
            onClick={generate}
            disabled={issue.isPending || !online}
            aria-describedby={online ? undefined : 'nfc-offline'}
            className="mt-5 flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <RefreshIcon size={18} />
            {t.refresh}
          </button>
          {!online && !waitingForConnection && (
            <p id="nfc-offline" role="status" className="mt-3 flex items-start justify-center gap-2 text-left text-xs font-medium text-amber-800">
              <WifiOffIcon size={16} className="mt-px shrink-0" />
              <span>
                {t.offlineRefresh}
                {valid && ` ${t.stillValid}`}
              </span>
            </p>
          )}
          <p className="mt-3 text-xs text-slate-600">{t.oneUse}</p>
        </div>
      )}
    </Dialog>
  );
}

/**
 * The code on screen and what became of it (GET /api/nfc/tokens/{id}, every 2 s while it may still change): the QR
 * code and its countdown while no station has taken it, then dispensing, then charged or not used. Once charged, the
 * balance, the history and the impact are read again; once not used, the balance and the history (the code's
 * reservation came back to the wallet).
 */
function FollowedCode({ code, now, nfc }: { code: Code; now: number; nfc: NfcWrite }) {
  const t = useMessages(nfcTexts);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const progress = useQuery(nfcTokenQueries.progress(code.token, language)).data;
  const status = progress?.status ?? 'waiting';
  useEffect(() => {
    if (status !== 'charged' && status !== 'not_used') return;
    void refreshWallet(queryClient);
    if (status === 'charged') void queryClient.invalidateQueries({ queryKey: impactQueries.mine().queryKey });
  }, [status, queryClient]);

  const left = remainingMs(code.token.expiresAt, now);
  const expired = status === 'waiting' && left <= 0;
  // What became of the code once a station took it.
  const outcome = status !== 'waiting' ? progress : undefined;
  return (
    <>
      <p className="min-h-10 text-sm text-slate-600">{status === 'waiting' && !expired && t.hold}</p>
      {/* Square for the code; an outcome may grow past it (a reason in Indonesian is long). */}
      <div className={`relative mx-auto mt-4 flex w-64 max-w-full items-center justify-center overflow-hidden rounded-3xl bg-white ring-1 ring-slate-200 ${outcome ? 'min-h-64 py-6' : 'aspect-square'}`}>
        {outcome ? (
          <VendOutcome progress={outcome} />
        ) : (
          <>
            <img src={code.qr} alt={t.qrAlt} data-expires-at={code.token.expiresAt} className={`h-full w-full p-3 transition ${expired ? 'opacity-15 blur-[2px]' : ''}`} />
            {expired && <span className="absolute inset-0 flex items-center justify-center text-sm font-semibold text-slate-700">{t.expired}</span>}
          </>
        )}
      </div>

      <div className="mt-4 h-6 text-sm" aria-live="polite">
        {status === 'waiting' && left > 0 && (
          <p className="text-slate-600">
            {t.expiresIn} <span className="font-bold tabular-nums text-slate-900" data-testid="nfc-countdown">{formatCountdown(left)}</span>
          </p>
        )}
      </div>
      {/* What the code holds from the wallet while it lives (docs/architecture.md, "Offline vends"). */}
      {status === 'waiting' && left > 0 && code.token.reservedIdr > 0 && (
        <p className="mt-1 text-xs text-slate-600" data-testid="nfc-reserved">
          {t.reserved(formatRupiah(code.token.reservedIdr), formatLitres(code.token.allowanceMl / 1000))}
        </p>
      )}

      {nfc !== 'unsupported' && status === 'waiting' && !expired && (
        <p className={`mt-2 flex items-center justify-center gap-2 text-xs font-medium ${nfc === 'failed' ? 'text-amber-700' : 'text-brand-700'}`}>
          <NfcIcon size={16} />
          {nfc === 'waiting' && t.nfcReady}
          {nfc === 'sent' && t.nfcSent}
          {nfc === 'failed' && t.nfcFailed}
        </p>
      )}
    </>
  );
}

type Texts = Translation<(typeof nfcTexts)['en']>;

/** How each state of a presented code shows: its badge's colours and icon, its title, and the lines under it. */
function outcomeView(progress: NfcTokenProgress, t: Texts) {
  const station = progress.stationName ?? '';
  const atStation = station ? t.atStation(station) : null;
  const amber = 'bg-amber-50 text-amber-700';
  switch (progress.status) {
    case 'waiting':
      return null;
    case 'dispensing':
      return { tone: 'animate-pulse bg-brand-50 text-brand-600', icon: <DropIcon size={30} />, title: t.dispensing, notes: [atStation] };
    case 'charged':
      return {
        tone: 'bg-emerald-50 text-emerald-700', icon: <CheckIcon size={30} />,
        title: t.charged(formatRupiah(progress.chargedIdr), formatLitres(progress.dispensedMl / 1000), station), notes: [], late: progress.settledLate,
      };
    case 'checking':
      return { tone: amber, icon: <DropIcon size={30} />, title: t.checking, notes: [atStation, progress.reason] };
    case 'not_used':
      return { tone: amber, icon: <DropIcon size={30} />, title: t.notUsed, notes: [progress.reason] };
  }
}

/** Where the vend of a presented code is: dispensing at its station, being checked (an incident), charged, or not used and why. */
function VendOutcome({ progress }: { progress: NfcTokenProgress }) {
  const t = useMessages(nfcTexts);
  const view = outcomeView(progress, t);
  return (
    <div role="status" data-testid="nfc-vend" data-status={progress.status} className="flex flex-col items-center gap-3 px-6 text-sm">
      {view && (
        <>
          <span aria-hidden="true" className={`flex h-16 w-16 items-center justify-center rounded-full ${view.tone}`}>{view.icon}</span>
          <span className="text-base font-bold text-slate-900">{view.title}</span>
          {view.notes.map((note) => note && <span key={note} className="text-slate-600">{note}</span>)}
          {view.late && <span className="text-xs text-slate-600">{t.chargedLate}</span>}
        </>
      )}
    </div>
  );
}
