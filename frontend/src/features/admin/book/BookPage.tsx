import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type * as z from 'zod/mini';
import { baliDate } from '@shared/bali-time';
import type { BookDay } from '@shared/routes/wallet';
import { adminQueries, useJournalDownload } from '@frontend/api/admin';
import { ApiRequestError } from '@frontend/api/client';
import { adminBook } from '@frontend/i18n/admin-book';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import type { BookSearch } from '@frontend/search';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { downloadText } from '../csv';
import { ExportFailed } from '../export';
import { formatRupiah } from '../format';
import { AlertIcon, BookIcon, CheckIcon, ChevronLeftIcon, ChevronRightIcon, DownloadIcon } from '../icons';
import { Button, Card, DayField, EmptyState, LoadingRows } from '@frontend/components/ui';
import { shiftDay, shownDay } from './days';

type Texts = Translation<(typeof adminBook)['en']>;
type Day = z.infer<typeof BookDay>;

/** A change over the day: a sign on both sides, so that a rise never reads as a balance. */
const signed = (amount: number) => (amount > 0 ? `+${formatRupiah(amount)}` : formatRupiah(amount));

/**
 * /admin/book (administrators, with their second factor, as every money screen): one Bali day of the book, from
 * GET /api/admin/book (docs/architecture.md, "The book"), and its journal as CSV for the accountant.
 */
export function BookPage({ search }: { search: BookSearch }) {
  const t = useMessages(adminBook);
  const navigate = useNavigate();
  const today = baliDate();
  const date = shownDay(search.date, today);
  const book = useQuery(adminQueries.bookDay(date));
  const journal = useJournalDownload();
  const goTo = (day: string) => void navigate({ to: '/admin/book', search: { date: day }, replace: true });

  const download = () => journal.mutate(date, { onSuccess: (csv) => downloadText(`bali-refill-journal-${date}.csv`, csv, 'text/csv;charset=utf-8') });

  return (
    <ConsoleSubpage back={t.back} title={t.title} intro={t.intro}>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <Button className="min-h-11" aria-label={t.previousDay} title={t.previousDay} icon={<ChevronLeftIcon size={16} />} onClick={() => goTo(shiftDay(date, -1))}>
          <span className="hidden sm:inline">{t.previousDay}</span>
        </Button>
        <DayField
          label={<span className="sr-only">{t.day}</span>}
          labelClassName=""
          value={date}
          max={today}
          required
          onChange={(e) => e.target.value && e.target.value <= today && goTo(e.target.value)}
          className="block h-11 rounded-xl border border-slate-200 bg-white px-3 text-sm text-slate-900 shadow-xs outline-none focus:border-brand-500 focus:ring-4 focus:ring-brand-100"
        />
        <Button className="min-h-11" aria-label={t.nextDay} title={t.nextDay} disabled={date >= today} onClick={() => goTo(shiftDay(date, 1))}>
          <span className="hidden sm:inline">{t.nextDay}</span>
          <ChevronRightIcon size={16} />
        </Button>
        <Button className="min-h-11 sm:ml-auto" icon={<DownloadIcon size={16} />} busy={journal.isPending} onClick={download}>
          {journal.isPending ? t.downloading : t.download}
        </Button>
        {journal.isError && <ExportFailed text={t.downloadFailed} error={journal.error} />}
      </div>

      <div className="mt-4">
        {book.isPending ? (
          <LoadingRows label={t.loading} />
        ) : book.isError ? (
          <Card>
            <EmptyState icon={<AlertIcon />} title={t.loadError}>
              {book.error instanceof ApiRequestError && book.error.serverMessage && <p>{book.error.serverMessage}</p>}
              <Button className="mt-3 min-h-11" onClick={() => void book.refetch()}>{t.retry}</Button>
            </EmptyState>
          </Card>
        ) : (
          <BookFigures day={book.data} t={t} />
        )}
      </div>
    </ConsoleSubpage>
  );
}

function BookFigures({ day, t }: { day: Day; t: Texts }) {
  const now = (
    <Section title={t.now} hint={t.nowHint}>
      <Figures items={[[t.held, formatRupiah(day.now.held)], [t.owed, formatRupiah(day.now.owed)]]} />
    </Section>
  );
  if (day.transactions === 0) {
    return (
      <div className="space-y-4">
        <Card><EmptyState icon={<BookIcon />} title={t.empty} /></Card>
        {now}
      </div>
    );
  }
  const revenue = day.revenue.reduce((total, station) => total + station.amount, 0);
  return (
    <div className="space-y-4">
      <Balance day={day} t={t} />
      <div className="grid gap-3 sm:grid-cols-3">
        <Headline label={t.gatewayIn} value={formatRupiah(day.gatewayIn)} hint={t.gatewayInHint} />
        <Headline label={t.refundsOut} value={formatRupiah(day.refundsOut)} hint={t.refundsOutHint} />
        <Headline label={t.revenue} value={formatRupiah(revenue)} hint={t.revenueHint(day.revenue.length)} />
      </div>
      <Section title={t.revenuePerStation}>
        <RevenuePerStation revenue={day.revenue} t={t} />
      </Section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t.customers}>
          <Figures items={[[t.wallets, signed(day.walletsChange)], [t.inFlight, signed(day.inFlightChange)], [t.receivables, signed(day.receivablesChange)]]} />
        </Section>
        <Section title={t.credits}>
          <Figures items={[[t.claims, formatRupiah(day.claims)], [t.goodwill, formatRupiah(day.goodwill)], [t.manualPayouts, formatRupiah(day.manualPayouts)]]} />
        </Section>
      </div>
      {now}
    </div>
  );
}

/** Debits equal to credits, said plainly; a transaction that did not balance is a warning with its count. */
function Balance({ day, t }: { day: Day; t: Texts }) {
  const sound = day.unbalanced === 0 && day.debits === day.credits;
  return (
    <section
      aria-label={sound ? t.balanced : t.notBalanced}
      data-testid="book-balance"
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-4 py-3 text-sm ring-1 ${sound ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}
    >
      <span className="inline-flex items-center gap-1.5 font-semibold">
        {sound ? <CheckIcon size={16} /> : <AlertIcon size={16} />} {sound ? t.balanced : t.notBalanced}
      </span>
      <span className="tabular-nums">{t.totals(formatRupiah(day.debits), formatRupiah(day.credits), day.transactions)}</span>
      {day.unbalanced > 0 && <span className="w-full font-medium">{t.unbalanced(day.unbalanced)}</span>}
    </section>
  );
}

function Headline({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <section aria-label={label} className="rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-200/70">
      <h2 className="text-sm font-medium text-slate-500">{label}</h2>
      <p className="mt-1 text-xl font-bold tracking-tight whitespace-nowrap text-slate-900 tabular-nums lg:text-2xl">{value}</p>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </section>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5">
      <section aria-label={title}>
        <h2 className="font-semibold text-slate-900">{title}</h2>
        {hint && <p className="text-xs text-slate-500">{hint}</p>}
        <div className="mt-3">{children}</div>
      </section>
    </Card>
  );
}

/** Label and amount pairs, one a line. */
function Figures({ items }: { items: [label: string, value: string][] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map(([label, value]) => (
        <li key={label} className="flex items-baseline justify-between gap-3 py-2 text-sm">
          <span className="text-slate-600">{label}</span>
          <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{value}</span>
        </li>
      ))}
    </ul>
  );
}

/** The stations in the book's order (largest first), each with its name from the console's station list and a bar. */
function RevenuePerStation({ revenue, t }: { revenue: Day['revenue']; t: Texts }) {
  const stations = useQuery(adminQueries.machines());
  const names = new Map(stations.data?.map((station) => [station.id, station.name]));
  const largest = Math.max(...revenue.map((station) => station.amount), 1);
  if (revenue.length === 0) return <p className="text-sm text-slate-600">{t.noRevenue}</p>;
  return (
    <ol aria-label={t.revenuePerStation} className="space-y-3">
      {revenue.map(({ stationId, amount }) => (
        <li key={stationId}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 break-words text-slate-800">
              {names.get(stationId) ?? stationId} {names.has(stationId) && <span className="font-mono text-xs text-slate-500">({stationId})</span>}
            </span>
            <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatRupiah(amount)}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
            <div className="h-2 rounded-full bg-brand-500" style={{ width: `${Math.max(1, Math.round((Math.max(amount, 0) / largest) * 100))}%` }} />
          </div>
        </li>
      ))}
    </ol>
  );
}
