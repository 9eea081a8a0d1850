import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { DEFAULT_MAX_FILL_ML } from '@shared/constants';
import { formatRupiah, priceOfMillilitres } from '@shared/money';
import { GUEST_FILL_SIZES_ML, isCardWallet, type Machine } from '@shared/schemas';
import { ApiRequestError } from '../../api/client';
import { createGuestOrder } from '../../api/guest';
import { stationQuery } from '../../api/station';
import { StatusBadge } from '../../components/StatusBadge';
import { DropIcon } from '../../components/icons';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { guestTexts } from '../../i18n/guest';
import { localeOf, useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { payWithWallet, WalletCancelled, type CardWallet, type WalletPayment } from '../wallet/payment-request';
import { validateAppleMerchant } from '../../api/wallet';
import { useCardWallets } from '../wallet/useCardWallets';
import { formatLitresShort } from './format';
import { GuestProgress } from './GuestProgress';
import { StationCheckIn } from '../admin/station/StationCheckIn';

const E_WALLETS = ['qris', 'gopay'] as const;
/** QRIS and GoPay everywhere; Google Pay and Apple Pay where the browser offers them (no account needed for either). */
type Method = (typeof E_WALLETS)[number] | CardWallet;
/** The order in progress at this station, kept for a reload of the page (this tab only). */
const storageKey = (stationId: string) => `bali-refill.guest-order.${stationId}`;

/** `/s/{stationId}`: the station's public page behind its sticker's QR code; pay one refill without an account. */
export function GuestStationPage({ stationId }: { stationId: string }) {
  const t = useMessages(guestTexts);
  const station = useQuery({ ...stationQuery(stationId), refetchInterval: 15_000 });
  const [receiptId, setReceiptId] = useState<string | null>(() => sessionStorage.getItem(storageKey(stationId)));
  const remember = (id: string | null) => {
    if (id) sessionStorage.setItem(storageKey(stationId), id);
    else sessionStorage.removeItem(storageKey(stationId));
    setReceiptId(id);
  };
  const machine = station.data;
  useDocumentTitle(machine ? t.pageTitle(machine.name) : null);

  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-10">
      {station.isPending ? (
        <div role="status" className="h-40 animate-pulse rounded-2xl bg-slate-100"><span className="sr-only">{t.receiptLoading}</span></div>
      ) : !machine ? (
        <p role="alert" className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          {station.error instanceof ApiRequestError && station.error.status === 404 ? t.notFound : t.loadFailed}
        </p>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t.pageTitle(machine.name)}</h1>
          <p className="mt-1 text-sm text-slate-600">{machine.location}</p>
          <StationFacts machine={machine} />
          {receiptId ? (
            <GuestProgress receiptId={receiptId} onNew={() => remember(null)} />
          ) : machine.status === 'online' ? (
            <OrderForm machine={machine} onOrdered={remember} />
          ) : (
            <p role="status" className="mt-6 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">{t.unavailable}</p>
          )}
          <StationCheckIn stationId={machine.id} variant="public" />
        </>
      )}
    </div>
  );
}

/** Live status, water level and quality. */
function StationFacts({ machine }: { machine: Machine }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const level = machine.waterLevel;
  const quality = machine.quality;
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 text-sm shadow-card ring-1 ring-slate-200">
      <div className="col-span-2"><dt className="sr-only">Status</dt><dd><StatusBadge status={machine.status} /></dd></div>
      <div>
        <dt className="text-slate-600">{t.waterLevel}</dt>
        <dd className="mt-1 flex items-center gap-2 font-semibold text-slate-900">
          <DropIcon size={16} className="text-brand-700" />
          {level === null ? t.unknown : `${level}%`}
          {level !== null && (
            <span className="inline-block h-1.5 w-14 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <span className={`block h-full rounded-full ${level < 20 ? 'bg-red-600' : level < 50 ? 'bg-amber-600' : 'bg-brand-600'}`} style={{ width: `${level}%` }} />
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">{t.quality}</dt>
        <dd className="mt-1 font-semibold text-slate-900">
          {quality ? (
            <>
              <span className="block">{t.tds(quality.tdsPpm)}</span>
              <span className="block font-normal text-slate-700">{t.temperature(new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(quality.temperatureC))}</span>
            </>
          ) : t.unknown}
        </dd>
      </div>
    </dl>
  );
}

const choice = (active: boolean) =>
  `relative flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-xl px-4 py-3 text-sm font-semibold ring-1 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700 ${
    active ? 'bg-brand-50 text-brand-900 ring-2 ring-brand-700' : 'bg-white text-slate-800 ring-slate-300 hover:ring-brand-600'
  }`;

/** Fill size, payment method and an optional e-mail; paying starts a guest order. */
function OrderForm({ machine, onOrdered }: { machine: Machine; onOrdered: (receiptId: string) => void }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const maxMl = machine.maxFillMl ?? DEFAULT_MAX_FILL_ML;
  const sizes = GUEST_FILL_SIZES_ML.filter((ml) => ml <= maxMl);
  const [size, setSize] = useState<number | 'fill'>(sizes.at(-1) ?? 'fill');
  const [method, setMethod] = useState<Method>('qris');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const cardWallets = useCardWallets();
  const methods: Method[] = [...E_WALLETS, ...cardWallets.wallets];
  const [error, setError] = useState<string | null>(null);
  // One Idempotency-Key per distinct request: a retry of the same one after a lost answer finds its order.
  const keys = useRef(new Map<string, string>());
  const volumeMl = size === 'fill' ? maxMl : size;
  // The station's own price or the global one, as the server charges it (docs/stations.md, "Price per litre").
  const pricePerLitre = machine.effectivePricePerLitre;
  const amount = priceOfMillilitres(volumeMl, pricePerLitre);
  const price = formatRupiah(amount);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { stationId: machine.id, volumeMl, paymentMethod: method, ...(email.trim() ? { email: email.trim() } : {}) };
    const signature = JSON.stringify(body);
    // A card wallet's token is new on every attempt, and so is its key.
    const card = isCardWallet(method);
    const key = (!card && keys.current.get(signature)) || crypto.randomUUID();
    keys.current.set(signature, key);
    setBusy(true);
    setError(null);
    let wallet: WalletPayment | null = null;
    try {
      if (card) {
        wallet = await payWithWallet(method, {
          amount, label: 'Bali Refill',
          validateMerchant: (url) => validateAppleMerchant(url, window.location.hostname),
        });
      }
      const created = await createGuestOrder({ ...body, ...(wallet ? { walletToken: wallet.token } : {}) }, key);
      await wallet?.complete('success');
      onOrdered(created.receiptId);
    } catch (failure) {
      await wallet?.complete('fail');
      if (failure instanceof WalletCancelled) return;
      const status = failure instanceof ApiRequestError ? failure.status : 0;
      // A 429 says when to try again, in the page's language (the API answers in it).
      setError(status === 429 ? (failure instanceof ApiRequestError && failure.serverMessage) || t.tooMany : status === 409 ? t.unavailable : status === 400 && failure instanceof ApiRequestError ? (Object.values(failure.body?.fields ?? {})[0] ?? t.payFailed) : t.payFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="mt-6 space-y-6" noValidate>
      <p className="text-sm text-slate-700">{t.intro}</p>
      <p className="text-sm font-semibold text-slate-900" data-testid="price-per-litre">{t.perLitre(formatRupiah(pricePerLitre))}</p>
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{t.sizeLegend}</legend>
        <div className="mt-3 grid grid-cols-3 gap-2">
          {sizes.map((ml) => (
            <label key={ml} className={choice(size === ml)}>
              <input type="radio" name="size" value={ml} checked={size === ml} onChange={() => setSize(ml)} className="absolute inset-0 h-full w-full cursor-pointer opacity-0" />
              <span>
                <span className="block">{t.size(formatLitresShort(ml, language))}</span>
                <span className="block text-xs font-normal text-slate-700" data-testid="size-price">{formatRupiah(priceOfMillilitres(ml, pricePerLitre))}</span>
              </span>
            </label>
          ))}
        </div>
        <label className={`mt-2 ${choice(size === 'fill')}`}>
          <input type="radio" name="size" value="fill" checked={size === 'fill'} onChange={() => setSize('fill')} className="absolute inset-0 h-full w-full cursor-pointer opacity-0" />
          <span>
            <span className="block">{t.fillMyBottle}</span>
            <span className="block text-xs font-normal text-slate-700">{t.fillMyBottleHint(formatLitresShort(maxMl, language))}</span>
          </span>
        </label>
      </fieldset>
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">{t.methodLegend}</legend>
        <div className="mt-3 grid gap-2">
          {methods.map((m) => (
            <label key={m} className={choice(method === m)}>
              <input type="radio" name="method" value={m} checked={method === m} onChange={() => setMethod(m)} className="absolute inset-0 h-full w-full cursor-pointer opacity-0" />
              {t.methods[m]}
            </label>
          ))}
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
      <button type="submit" disabled={busy} className="flex min-h-12 w-full items-center justify-center rounded-xl bg-brand-700 px-4 text-base font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70">
        {busy ? t.paying : t.pay(price)}
      </button>
    </form>
  );
}
