import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Transaction } from '@shared/schemas/transaction';
import { transactionQueries } from '../../api/transactions';
import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';
import { ClaimSheet, isClaimable } from '../claims/ClaimSheet';
import { BottomNav } from './BottomNav';
import { PinIcon, ReceiptIcon } from './icons';
import { useSession } from './session';
import { TransactionRow } from './TransactionRow';
import { Card } from '@frontend/components/ui';
import { ScreenHeader } from './ScreenHeader';
import { LoadingState } from './LoadingState';

/** Transaction History (docs/design.md, "Screens and routes"): every transaction, newest first, a page at a time. */
export function HistoryScreen() {
  const t = useMessages(appTexts).history;
  const session = useSession();
  const history = useInfiniteQuery({ ...transactionQueries.history(), enabled: session.status === 'signedIn' });
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const [claiming, setClaiming] = useState<Transaction | null>(null);

  return (
    <>
      <ScreenHeader title={t.title} back="/app" />
      <main className="px-4">
        {session.status !== 'signedIn' || history.isPending ? (
          <LoadingState what="transactions" />
        ) : history.isError ? (
          <Card variant="app" className="text-center">
            <p className="text-sm text-red-700">{t.failed}</p>
            <button type="button" onClick={() => void history.refetch()} className="mt-3 text-sm font-semibold text-brand-700">{t.tryAgain}</button>
          </Card>
        ) : items.length === 0 ? (
          <Card variant="app" className="flex flex-col items-center px-6 py-10 text-center">
            <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <ReceiptIcon size={28} />
            </span>
            <h2 className="mt-4 text-base font-bold text-slate-900">{t.empty}</h2>
            <p className="mt-1 text-sm text-slate-500">{t.emptyHint}</p>
            <Link
              to="/app"
              search={{ overlay: 'map' }}
              className="mt-6 inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-3 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700"
            >
              <PinIcon size={18} />
              {t.findMachines}
            </Link>
          </Card>
        ) : (
          <Card variant="app" className="py-1">
            <ul className="divide-y divide-slate-100" aria-label={t.list}>
              {items.map((t) => <TransactionRow key={t.id} transaction={t} onClaim={isClaimable(t) ? () => setClaiming(t) : undefined} />)}
            </ul>
            {history.hasNextPage && (
              <div className="border-t border-slate-100 py-3 text-center">
                <button
                  type="button"
                  onClick={() => void history.fetchNextPage()}
                  disabled={history.isFetchingNextPage}
                  className="rounded-full bg-brand-50 px-5 py-2 text-sm font-semibold text-brand-700 transition hover:bg-brand-100 disabled:opacity-60"
                >
                  {history.isFetchingNextPage ? t.loadingMore : t.loadMore}
                </button>
              </div>
            )}
          </Card>
        )}
      </main>
      {claiming && <ClaimSheet transaction={claiming} onClose={() => setClaiming(null)} />}
      <BottomNav active="history" />
    </>
  );
}
