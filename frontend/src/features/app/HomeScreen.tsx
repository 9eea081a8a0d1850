import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { baliHour } from '@shared/bali-time';
import {
  IMPACT_TOP_PERCENT_BOTTLES,
  NEARBY_MACHINES,
  NOTIFICATION_BADGE,
  RECENT_TRANSACTIONS,
} from '@shared/constants';
import { formatRupiah, rupiahToPoints } from '@shared/money';
import { homeOf } from '@shared/roles';
import type { CurrentUser, User } from '@shared/schemas/user';
import { impactQueries } from '../../api/impact';
import { useStationsAround } from '../../api/stations';
import { transactionQueries } from '../../api/transactions';
import { userQueries } from '../../api/user';
import { toast } from '../../components/toast';
import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';
import { TopUpSheet } from '../wallet/TopUpSheet';
import { BottomNav } from './BottomNav';
import { FindMachines, MachineListItem } from './FindMachines';
import type { HomeOverlay } from '../../search';
import { formatCount, formatKg, formatTime } from './format';
import { fullName, greetingFor, initialOf } from './person';
import { BellIcon, BottleIcon, ChevronRightIcon, LeafIcon, NfcIcon, PinIcon, PlusIcon } from './icons';
import { byDistance, usePosition } from './machines';
import { useSession } from './session';
import { TransactionRow } from './TransactionRow';
import { Card, CardHeader, Dialog } from '@frontend/components/ui';
import { LoadingState } from './LoadingState';

const NfcPayDialog = lazy(() => import('../nfc/NfcPayDialog'));


function Avatar({ user, size = 44 }: { user: User; size?: number }) {
  return user.profileImageUrl ? (
    <img src={user.profileImageUrl} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover ring-2 ring-white" style={{ width: size, height: size }} />
  ) : (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-400 to-brand-700 font-bold text-white ring-2 ring-white"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      <span data-fill="initial">{initialOf(user)}</span>
    </span>
  );
}

/**
 * The person's greeting. In the prerendered frame (`ready` false: no router yet) the avatar links nowhere, and the
 * first paint (home-first-paint.ts) writes the marked parts.
 */
export function Greeting({ user, ready = true }: { user: User; ready?: boolean }) {
  const texts = useMessages(appTexts);
  const t = texts.home;
  return (
    <header className="flex items-center gap-3 px-5 pt-[max(env(safe-area-inset-top),1.25rem)] pb-4">
      {ready ? (
        <Link to="/app/profile" aria-label={t.profile} className="rounded-full">
          <Avatar user={user} />
        </Link>
      ) : (
        <span className="rounded-full"><Avatar user={user} /></span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-500" data-fill="greeting">{greetingFor(baliHour(), texts.greeting)}</p>
        <h1 className="truncate text-lg font-bold text-slate-900" data-fill="name">{fullName(user, texts.user)}</h1>
      </div>
      <button
        type="button"
        disabled={!ready}
        aria-label={t.notifications(NOTIFICATION_BADGE)}
        onClick={() => toast({ title: t.notificationsTitle, description: t.notificationsSoon })}
        className="relative flex h-11 w-11 items-center justify-center rounded-full bg-white text-slate-700 shadow-card ring-1 ring-slate-100 transition hover:bg-slate-50"
      >
        <BellIcon size={22} />
        <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-500 px-1 text-[11px] font-bold text-white ring-2 ring-slate-50">
          {NOTIFICATION_BADGE}
        </span>
      </button>
    </header>
  );
}

/**
 * A host, technician or administrator who lands in the wallet anyway (an old bookmark, the Back button) is offered its
 * own home: the groups of its token say which, without asking the server.
 */
function StaffHome() {
  const t = useMessages(appTexts).home.staffHome;
  const role = useQuery(userQueries.staffRole()).data;
  if (!role) return null;
  return (
    <section aria-label={t[role].open} className="flex flex-col gap-2 rounded-2xl bg-ocean-900 p-4 text-sm text-white">
      <p>{t[role].text}</p>
      <a href={homeOf(role)} className="inline-flex min-h-11 items-center self-start rounded-full bg-white px-4 font-semibold text-ocean-900 hover:bg-brand-50">{t[role].open}</a>
    </section>
  );
}

/** The balance with its points and the top-up button; `ready` false in the prerendered frame, before the app runs. */
export function BalanceCard({ user, onTopUp, ready = true }: { user: CurrentUser; onTopUp: () => void; ready?: boolean }) {
  const t = useMessages(appTexts).home;
  return (
    <section aria-label={t.balance} className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-5 text-white shadow-lg shadow-brand-900/20">
      <svg className="pointer-events-none absolute -right-10 -bottom-12 h-48 w-48 text-white/10" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M12 2.5s6.5 7.2 6.5 12a6.5 6.5 0 0 1-13 0c0-4.8 6.5-12 6.5-12Z" />
      </svg>
      <p className="text-sm font-medium text-brand-100">{t.currentBalance}</p>
      <p className="mt-1 text-3xl font-bold tracking-tight tabular-nums" data-testid="balance" data-fill="balance">{formatRupiah(user.balance)}</p>
      <p className="mt-1 text-xs text-brand-100" data-fill="points">{t.points(formatCount(rupiahToPoints(user.balance)))}</p>
      {/* Out of the balance while the pay code's offline allowance is reserved (docs/architecture.md, "Offline vends"). */}
      <p className="mt-1 text-xs text-brand-100" data-fill="reserved" data-testid="reserved" hidden={!user.reserved}>
        {user.reserved && t.reserved(formatRupiah(user.reserved.amount), formatTime(user.reserved.until))}
      </p>
      {user.owed > 0 && (
        <p className="relative mt-3 rounded-xl bg-white/15 px-3 py-2 text-xs leading-snug text-white ring-1 ring-white/25" data-testid="owed">
          <strong className="font-semibold">{t.owed(formatRupiah(user.owed))}</strong> {t.owedWhy}
        </p>
      )}
      <button
        type="button"
        onClick={onTopUp}
        disabled={!ready}
        className="relative mt-4 inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-sm transition hover:bg-brand-50 active:scale-[0.98]"
      >
        <PlusIcon size={16} />
        {t.topUp}
      </button>
    </section>
  );
}

function QuickAction({ label, hint, icon, onClick, ready }: { label: string; hint: string; icon: ReactNode; onClick: () => void; ready: boolean }) {
  return (
    <button type="button" onClick={onClick} disabled={!ready} className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 text-left shadow-card ring-1 ring-slate-100 transition hover:ring-brand-200 active:scale-[0.98]">
      <span aria-hidden="true" className="flex h-11 w-11 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">{icon}</span>
      <span>
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </button>
  );
}

/** What the person's refills saved; in the prerendered frame, the user's own figures until the impact call answers. */
export function ImpactCard({ user }: { user: User }) {
  const impact = useQuery(impactQueries.mine());
  const co2 = impact.data?.co2Saved ?? user.co2Saved ?? 0;
  const bottles = impact.data?.bottlesSaved ?? user.bottlesSaved ?? 0;
  const t = useMessages(appTexts).home;
  return (
    <Card variant="app">
      <CardHeader title={t.impact} />
      <div className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl bg-emerald-50 p-3">
          <LeafIcon size={20} className="text-emerald-700" />
          <p className="mt-2 text-xl font-bold text-emerald-900 tabular-nums" data-fill="co2">{formatKg(co2)}</p>
          <p className="text-xs font-medium text-emerald-700">{t.co2Saved}</p>
        </div>
        <div className="rounded-2xl bg-sky-50 p-3">
          <BottleIcon size={20} className="text-sky-600" />
          <p className="mt-2 text-xl font-bold text-sky-900 tabular-nums" data-fill="bottles">{formatCount(bottles)}</p>
          <p className="text-xs font-medium text-sky-700">{t.bottlesAvoided}</p>
        </div>
      </div>
      <p className="mt-3 rounded-xl bg-slate-50 px-3 py-2 text-xs text-slate-600" data-fill="impact-note">
        {bottles > IMPACT_TOP_PERCENT_BOTTLES ? t.topRefiller : t.everyRefill}
      </p>
    </Card>
  );
}

function RecentTransactions() {
  const recent = useQuery(transactionQueries.recent());
  const items = recent.data?.items.slice(0, RECENT_TRANSACTIONS) ?? [];
  const texts = useMessages(appTexts);
  const t = texts.home;
  return (
    <Card variant="app">
      <CardHeader
        title={t.recent}
        action={<Link to="/app/history" className="flex items-center text-sm font-semibold text-brand-700 hover:text-brand-800">{t.viewAll}<ChevronRightIcon size={16} /></Link>}
      />
      {recent.isPending ? (
        <p className="py-4 text-center text-sm text-slate-500">{texts.loading.transactions}</p>
      ) : recent.isError ? (
        <p className="py-4 text-center text-sm text-red-700">{t.transactionsFailed}</p>
      ) : items.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">{t.noTransactions}</p>
      ) : (
        <ul className="-my-1 divide-y divide-slate-100" aria-label={t.recentList}>
          {items.map((t) => <TransactionRow key={t.id} transaction={t} />)}
        </ul>
      )}
    </Card>
  );
}

function NearbyMachines() {
  const navigate = useNavigate();
  const position = usePosition();
  const stations = useStationsAround(position);
  const nearest = byDistance(stations.machines ?? [], position).slice(0, NEARBY_MACHINES);
  const texts = useMessages(appTexts);
  const t = texts.home;
  return (
    <Card variant="app">
      <CardHeader
        title={t.nearby}
        action={<Link to="/app/map" className="flex items-center text-sm font-semibold text-brand-700 hover:text-brand-800">{t.map}<ChevronRightIcon size={16} /></Link>}
      />
      {stations.isPending ? (
        <p className="py-4 text-center text-sm text-slate-500">{texts.loading.machines}</p>
      ) : nearest.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">{t.noneNearby}</p>
      ) : (
        <ul className="-my-1 divide-y divide-slate-100" aria-label={t.nearbyList}>
          {nearest.map((p, i) => (
            <MachineListItem key={p.machine.id} placed={p} rank={i + 1} onSelect={() => void navigate({ to: '/app/map', search: { machine: p.machine.id } })} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Paying at a station and finding one, the home's two big buttons; `ready` false in the prerendered frame. */
export function QuickActions({ onPay, onFind, ready = true }: { onPay: () => void; onFind: () => void; ready?: boolean }) {
  const t = useMessages(appTexts).home;
  return (
    <div className="grid grid-cols-2 gap-3">
      <QuickAction label={t.nfcPay} hint={t.nfcHint} icon={<NfcIcon size={22} />} onClick={onPay} ready={ready} />
      <QuickAction label={t.findMachine} hint={t.findHint} icon={<PinIcon size={22} />} onClick={onFind} ready={ready} />
    </div>
  );
}

/**
 * App home (docs/design.md, "Screens and routes"). Overlays, one at a time: none, topup, nfc, map. The open overlay is kept in the
 * address (?overlay=) so that the phone's Back button closes it.
 */
export function HomeScreen({ overlay, returnedTopupId, open, close }: {
  overlay: HomeOverlay | undefined;
  /** The top-up the gateway's return brought the payer back to (/app?topup=). */
  returnedTopupId?: string;
  open: (overlay: HomeOverlay, replace?: boolean) => void;
  close: () => void;
}) {
  const session = useSession();
  const t = useMessages(appTexts).home;
  if (session.status !== 'signedIn') return <LoadingState className="min-h-dvh" />;
  const user = session.user;

  return (
    <>
      <Greeting user={user} />
      <main className="space-y-4 px-4">
        <StaffHome />
        <BalanceCard user={user} onTopUp={() => open('topup')} />
        <QuickActions onPay={() => open('nfc')} onFind={() => open('map')} />
        <ImpactCard user={user} />
        <RecentTransactions />
        <NearbyMachines />
      </main>
      <BottomNav active="home" />

      {overlay === 'topup' && <TopUpSheet onClose={close} returnedTopupId={returnedTopupId} />}
      {overlay === 'nfc' && (
        <Suspense fallback={null}>
          <NfcPayDialog onClose={close} onTopUp={() => open('topup', true)} />
        </Suspense>
      )}
      {overlay === 'map' && (
        <Dialog open placement="screen" title={t.findMachines} onClose={close}>
          <FindMachines onBack={close} />
        </Dialog>
      )}
    </>
  );
}
