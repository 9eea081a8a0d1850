import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { formatRupiah, priceOfMillilitres } from '@shared/money';
import type { Machine, MachineStatus } from '@shared/schemas/machine';
import { isNotFound, stationQuery } from '../../api/station';
import { StatusBadge } from '../../components/StatusBadge';
import { DropIcon } from '../../components/icons';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { firstPaintData } from '../../first-paint-data';
import { guestTexts } from '../../i18n/guest';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { maybeSignedIn } from '../auth/maybe-signed-in';
import type { CardWallet } from '../wallet/payment-request';
import { formatTemperature } from '@shared/format';
import { formatLitresShort } from './format';
import { MethodChoice } from './MethodChoice';
import {
  choiceClass,
  defaultSizeOf,
  fillSizesOf,
  levelBarClass,
  maxFillOf,
  rememberedGuestOrder,
  rememberGuestOrder,
  volumeOf,
  type FillSize,
  type StationShown,
} from './station-view';

// What the page shows first comes with it; the order's progress (a reload during an order) and a technician's check-in
// load when they are shown, paying when the pay button is pressed (start-order.ts).
const GuestProgress = lazy(() => import('./GuestProgress').then((m) => ({ default: m.GuestProgress })));
const StationCheckIn = lazy(() => import('../admin/station/StationCheckIn').then((m) => ({ default: m.StationCheckIn })));
const CardWalletChoices = lazy(() => import('./CardWalletChoices').then((m) => ({ default: m.CardWalletChoices })));

/**
 * The page of `/s/{stationId}` as its first render shows it: with the station the first paint loaded
 * (station-first-paint.ts) when the page came with one, so that it replaces the filled frame with the same page.
 */
export async function stationPage(queryClient: QueryClient, stationId: string) {
  const station = await firstPaintData<Machine>();
  if (station) queryClient.setQueryData(stationQuery(stationId).queryKey, station);
  return <GuestStationPage stationId={stationId} />;
}

/** `/s/{stationId}`: the station's public page behind its sticker's QR code; pay one refill without an account. */
export function GuestStationPage({ stationId }: { stationId: string }) {
  const t = useMessages(guestTexts);
  const station = useQuery({ ...stationQuery(stationId), refetchInterval: 15_000 });
  const [receiptId, setReceiptId] = useState<string | null>(() => rememberedGuestOrder(stationId));
  const remember = (id: string | null) => {
    rememberGuestOrder(stationId, id);
    setReceiptId(id);
  };
  const machine = station.data;
  useDocumentTitle(machine ? t.pageTitle(machine.name) : null);

  return (
    <StationPageFrame>
      {station.isPending ? (
        <StationLoading />
      ) : !machine ? (
        <p role="alert" className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          {isNotFound(station.error) ? t.notFound : t.loadFailed}
        </p>
      ) : (
        <>
          <StationSummary station={machine} />
          {receiptId ? (
            <Suspense fallback={<div className="mt-6 h-40 animate-pulse rounded-2xl bg-slate-100" />}>
              <GuestProgress receiptId={receiptId} onNew={() => remember(null)} />
            </Suspense>
          ) : machine.status === 'online' ? (
            <OrderForm station={machine} onOrdered={remember} />
          ) : (
            <StationUnavailable status={machine.status} />
          )}
          {maybeSignedIn() && (
            <Suspense fallback={null}>
              <StationCheckIn stationId={machine.id} variant="public" />
            </Suspense>
          )}
        </>
      )}
    </StationPageFrame>
  );
}

/** The page's column; at least a screen tall, so that the footer is not in view before the station shows. */
export function StationPageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto min-h-dvh max-w-xl px-4 py-6 sm:py-10">{children}</div>;
}

export function StationLoading() {
  const t = useMessages(guestTexts);
  return <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-100"><span className="sr-only">{t.receiptLoading}</span></div>;
}

/**
 * Why no order can start here. Without its signal a station still serves the app's pay code, which it checks itself
 * (docs/station-protocol.md, "Offline vends"); paying here (QRIS, a card) needs the gateway, so it needs the signal.
 */
export function StationUnavailable({ status }: { status: MachineStatus }) {
  const t = useMessages(guestTexts);
  return (
    <div role="status" className="mt-6 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      <p>{t.unavailable}</p>
      <p className="mt-2" data-fill="offline-app" data-testid="offline-app" hidden={status !== 'offline'}>
        {t.offlineAppWorks} <a href="/app" className="font-semibold underline">{t.openApp}</a>
      </p>
    </div>
  );
}

/**
 * The station's name, place, status, water level and quality. `data-fill` marks what the first paint
 * (station-first-paint.ts) writes into the prerendered frame; the same marks here keep the two one markup.
 */
export function StationSummary({ station }: { station: StationShown }) {
  const t = useMessages(guestTexts);
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900" data-fill="title">{t.pageTitle(station.name)}</h1>
      <p className="mt-1 text-sm text-slate-600" data-fill="location">{station.location}</p>
      <StationFacts station={station} />
    </>
  );
}

/** Live status, water level and quality. */
function StationFacts({ station }: { station: StationShown }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const level = station.waterLevel;
  const quality = station.quality;
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 text-sm shadow-card ring-1 ring-slate-200">
      <div className="col-span-2"><dt className="sr-only">Status</dt><dd data-fill="status"><StatusBadge status={station.status} /></dd></div>
      <div>
        <dt className="text-slate-600">{t.waterLevel}</dt>
        <dd className="mt-1 flex items-center gap-2 font-semibold text-slate-900">
          <DropIcon size={16} className="text-brand-700" />
          <span data-fill="level">{level === null ? t.unknown : `${level}%`}</span>
          {level !== null && (
            <span className="inline-block h-1.5 w-14 overflow-hidden rounded-full bg-slate-200" aria-hidden="true" data-fill="level-bar">
              <span className={`block h-full rounded-full ${levelBarClass(level)}`} style={{ width: `${level}%` }} />
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{t.quality}</dt>
        <dd className="mt-1 font-semibold text-slate-900" data-fill="quality">
          {quality ? (
            <>
              <span className="block" data-fill="tds">{t.tds(quality.tdsPpm)}</span>
              <span className="block font-normal text-slate-700" data-fill="temperature">{t.temperature(formatTemperature(quality.temperatureC, language))}</span>
            </>
          ) : t.unknown}
        </dd>
      </div>
    </dl>
  );
}

const E_WALLETS = ['qris', 'gopay', 'card'] as const;
/**
 * QRIS, GoPay and a card on the gateway's hosted page everywhere; Google Pay and Apple Pay where the browser offers
 * them (no account needed for any).
 */
type Method = (typeof E_WALLETS)[number] | CardWallet;

/** Fill size, payment method and an optional e-mail; paying starts a guest order. */
export function OrderForm({ station, onOrdered }: { station: StationShown; onOrdered: (receiptId: string) => void }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const maxMl = maxFillOf(station);
  const [size, setSize] = useState<FillSize>(() => defaultSizeOf(station));
  const [method, setMethod] = useState<Method>('qris');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keys = useRef(new Map<string, string>());
  const volumeMl = volumeOf(size, station);
  // The station's own price or the global one, as the server charges it (docs/stations.md, "Price per litre").
  const pricePerLitre = station.effectivePricePerLitre;
  const amount = priceOfMillilitres(volumeMl, pricePerLitre);
  const price = formatRupiah(amount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { startGuestOrder } = await import('./start-order');
      const body = { stationId: station.id, volumeMl, paymentMethod: method, ...(email.trim() ? { email: email.trim() } : {}) };
      const outcome = await startGuestOrder({ body, amount, keys: keys.current, t });
      if (outcome === 'cancelled') return;
      if ('error' in outcome) setError(outcome.error);
      else {
        // Remembered first: the gateway's return (`?returned=1`) finds the order in this browser's storage.
        onOrdered(outcome.receiptId);
        if (outcome.redirectUrl) window.location.assign(outcome.redirectUrl);
      }
    } catch {
      // The payment's code could not be loaded (the connection dropped).
      setError(t.payFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="mt-6 space-y-6" noValidate>
      <p className="text-sm text-slate-700">{t.intro}</p>
      <p className="text-sm font-semibold text-slate-900" data-testid="price-per-litre" data-fill="per-litre">{t.perLitre(formatRupiah(pricePerLitre))}</p>
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{t.sizeLegend}</legend>
        <div className="mt-3 grid grid-cols-3 gap-2">
          {fillSizesOf(station).map((ml) => (
            <label key={ml} className={choiceClass(size === ml)} data-fill-size={ml}>
              <input type="radio" name="size" value={ml} checked={size === ml} onChange={() => setSize(ml)} className="absolute inset-0 h-full w-full cursor-pointer opacity-0" />
              <span>
                <span className="block">{t.size(formatLitresShort(ml, language))}</span>
                <span className="block text-xs font-normal text-slate-700" data-testid="size-price" data-fill="size-price">{formatRupiah(priceOfMillilitres(ml, pricePerLitre))}</span>
              </span>
            </label>
          ))}
        </div>
        <label className={`mt-2 ${choiceClass(size === 'fill')}`} data-fill-size="fill">
          <input type="radio" name="size" value="fill" checked={size === 'fill'} onChange={() => setSize('fill')} className="absolute inset-0 h-full w-full cursor-pointer opacity-0" />
          <span>
            <span className="block">{t.fillMyBottle}</span>
            <span className="block text-xs font-normal text-slate-700" data-fill="fill-hint">{t.fillMyBottleHint(formatLitresShort(maxMl, language))}</span>
          </span>
        </label>
      </fieldset>
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{t.methodLegend}</legend>
        <div className="mt-3 grid gap-2">
          {E_WALLETS.map((m) => <MethodChoice key={m} method={m} label={t.methods[m]!} chosen={method} onChoose={setMethod} />)}
          <Suspense fallback={null}><CardWalletChoices chosen={method} onChoose={setMethod} /></Suspense>
        </div>
      </fieldset>
      <div>
        <label htmlFor="guest-email" className="text-sm font-semibold text-slate-900">{t.email}</label>
        <input
          id="guest-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby="guest-email-hint"
          className="mt-1 block min-h-11 w-full rounded-xl border border-slate-400 px-3 text-base text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700"
        />
        <p id="guest-email-hint" className="mt-1 text-xs text-slate-700">{t.emailHint}</p>
      </div>
      {error && <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">{error}</p>}
      <button type="submit" disabled={busy} data-fill="pay" className="flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 px-4 text-base font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70">
        {busy ? t.paying : t.pay(price)}
      </button>
    </form>
  );
}
