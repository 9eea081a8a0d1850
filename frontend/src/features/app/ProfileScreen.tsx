import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { formatRupiah } from '@shared/money';
import { useSignOutEverywhere } from '../../api/auth';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { toast } from '../../components/toast';
import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';
import { BottomNav } from './BottomNav';
import { formatCount, formatKg } from './format';
import { fullName, memberSince } from './person';
import { BottleIcon, ChevronRightIcon, GlobeIcon, LeafIcon, LogoutIcon, PlusIcon, SettingsIcon, UserIcon } from './icons';
import { useSession } from './session';
import { Card } from '@frontend/components/ui';
import { ScreenHeader } from './ScreenHeader';
import { LoadingState } from './LoadingState';
import { WithdrawCard } from '../wallet/WithdrawSheet';

const LOGOUT_PATH = '/api/logout';

/**
 * The Logout row is a link to /api/logout (docs/design.md, "Screens and routes"). Its click first signs out everywhere (revoking the refresh
 * tokens and clearing this browser's), then follows the link; /api/logout sends the browser to /.
 */
function useLogout() {
  const logout = useSignOutEverywhere(LOGOUT_PATH);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (logout.isIdle) logout.mutate();
  };
  // Busy from the click until the browser has left the page.
  return { busy: !logout.isIdle, onClick };
}

/** Profile (docs/design.md, "Screens and routes"). */
export function ProfileScreen() {
  const texts = useMessages(appTexts);
  const t = texts.profile;
  const session = useSession();
  const logout = useLogout();
  const row = 'flex w-full items-center gap-3 px-4 py-3.5 text-left text-sm font-semibold transition hover:bg-slate-50';

  return (
    <>
      <ScreenHeader title={t.title} back="/app" />
      {session.status !== 'signedIn' ? (
        <LoadingState what="profile" />
      ) : (
        <main className="space-y-4 px-4">
          <Card variant="app" className="flex flex-col items-center px-6 py-6 text-center">
            {session.user.profileImageUrl ? (
              <img src={session.user.profileImageUrl} alt="" className="h-24 w-24 rounded-full object-cover ring-4 ring-brand-50" />
            ) : (
              <span aria-hidden="true" className="flex h-24 w-24 items-center justify-center rounded-full bg-gradient-to-br from-brand-50 to-brand-100 text-brand-600 ring-4 ring-white shadow-card">
                <UserIcon size={44} />
              </span>
            )}
            <h2 className="mt-4 text-xl font-bold text-slate-900">{fullName(session.user, texts.user)}</h2>
            {session.user.email && <p className="mt-0.5 text-sm text-slate-500">{session.user.email}</p>}
            <p className="mt-3 rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600">{t.memberSince(memberSince(session.user.createdAt))}</p>
          </Card>

          <div className="grid grid-cols-2 gap-3">
            <Card variant="app" className="text-center">
              <LeafIcon size={22} className="mx-auto text-emerald-700" />
              <p className="mt-2 text-xl font-bold text-slate-900 tabular-nums">{formatKg(session.user.co2Saved ?? 0)}</p>
              <p className="text-xs font-medium text-slate-500">{t.co2Saved}</p>
            </Card>
            <Card variant="app" className="text-center">
              <BottleIcon size={22} className="mx-auto text-sky-600" />
              <p className="mt-2 text-xl font-bold text-slate-900 tabular-nums">{formatCount(session.user.bottlesSaved ?? 0)}</p>
              <p className="text-xs font-medium text-slate-500">{t.bottlesAvoided}</p>
            </Card>
          </div>

          <Card variant="app" className="flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-medium text-slate-500">{t.currentBalance}</p>
              <p className="mt-0.5 text-2xl font-bold text-slate-900 tabular-nums">{formatRupiah(session.user.balance ?? 0)}</p>
            </div>
            <Link
              to="/app"
              search={{ overlay: 'topup' }}
              className="inline-flex items-center gap-1.5 rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700"
            >
              <PlusIcon size={16} />
              {t.topUp}
            </Link>
          </Card>

          <WithdrawCard balance={session.user.balance ?? 0} />

          <section className="overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-slate-100" aria-label={t.account}>
            {/* The signed-in app's way to change language (the public pages have it in their header). */}
            <div className="flex items-center gap-3 px-4 py-3 text-sm font-semibold text-slate-800">
              <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-xl bg-slate-100 text-slate-600"><GlobeIcon size={18} /></span>
              <span className="flex-1">{t.language}</span>
              <LanguageSwitch />
            </div>
            <button
              type="button"
              className={`${row} border-t border-slate-100 text-slate-800`}
              onClick={() => toast({ title: t.settings, description: t.settingsSoon })}
            >
              <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-xl bg-slate-100 text-slate-600"><SettingsIcon size={18} /></span>
              <span className="flex-1">{t.settings}</span>
              <ChevronRightIcon size={18} className="text-slate-500" />
            </button>
            <a href={LOGOUT_PATH} onClick={logout.onClick} aria-busy={logout.busy} className={`${row} border-t border-slate-100 text-red-600`}>
              <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-xl bg-red-50 text-red-600"><LogoutIcon size={18} /></span>
              <span className="flex-1">{logout.busy ? t.signingOut : t.logout}</span>
            </a>
          </section>

          <footer className="pt-2 pb-4 text-center text-xs text-slate-500">
            <p>v1.0</p>
            <p className="mt-1">{t.madeWith} <span className="text-red-500">♥</span> {t.forBali}</p>
          </footer>
        </main>
      )}
      <BottomNav active="profile" />
    </>
  );
}
