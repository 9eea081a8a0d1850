import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import type { AdminTransaction } from '@shared/routes/wallet';
import { transactionTypes } from '@shared/schemas/transaction';
import { baliMonthSoFar } from '@shared/bali-time';
import { paymentMethodName } from '@shared/payment-methods';
import { adminQueries, useExportTransactions, type TransactionFilters } from '../../api/admin';
import { adminTransactions } from '../../i18n/admin-transactions';
import { useMessages, type Translation } from '../../i18n/messages';
import { ExportFailed, useExportRows } from './export';
import { ClaimsPanel } from './ClaimsPanel';
import { IncidentsPanel } from './IncidentsPanel';
import { HeldGuestRefundsPanel, PayoutsPanel } from './PayoutsPanel';
import { formatDateTime, formatLitres, formatRupiah } from './format';
import { downloadText } from './csv';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, CloseIcon, DownloadIcon, ReceiptIcon } from './icons';
import { Button, DayField, EmptyState, LoadingRows, Pill, Table, Td, Th } from '@frontend/components/ui';

type Row = z.infer<typeof AdminTransaction>;

const typeTone = { purchase: 'cyan', topup: 'green', refund: 'violet', adjustment: 'amber', receivable: 'red', repayment: 'blue', guest_refill: 'cyan' } as const satisfies Record<Row['type'], string>;

/** Who caused an entry, readably: 'admin:ayu@…' → 'ayu@…', 'station:HRL-00001' → 'Station HRL-00001'. */
function actorLabel(t: Translation<(typeof adminTransactions)['en']>, actor: string) {
  if (actor.startsWith('admin:')) return t.byAdmin(actor.slice(6));
  if (actor.startsWith('station:')) return t.station(actor.slice(8));
  if (actor === 'gateway') return t.gateway;
  return actor;
}

/**
 * Transactions: real ledger rows, newest first, filtered by type, user, machine and days in Bali (this month by
 * default), 20 per page; Export CSV (and the header's Export Data) saves every row of the filters from the API.
 */
export function TransactionsTab({ userFilter, onUserFilter }: { userFilter: string; onUserFilter: (userId: string) => void }) {
  const texts = useMessages(adminTransactions);
  const [type, setType] = useState<TransactionFilters['type'] | ''>('');
  const [machineId, setMachineId] = useState('');
  const [userInput, setUserInput] = useState(userFilter);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const machines = useQuery(adminQueries.machines());

  // This month in Bali by default: the list and the export show the same days.
  const [month] = useState(() => baliMonthSoFar());
  const [from, setFrom] = useState(month.from);
  const [to, setTo] = useState(month.to);
  const exporting = useExportTransactions();

  useEffect(() => setUserInput(userFilter), [userFilter]);
  const filters: TransactionFilters = { type: type || undefined, userId: userFilter || undefined, machineId: machineId || undefined, from: from || undefined, to: to || undefined };
  const filterKey = JSON.stringify(filters);
  useEffect(() => setCursors([undefined]), [filterKey]);

  const page = cursors.length - 1;
  const query = useQuery({ ...adminQueries.transactions(filters, cursors[page]), placeholderData: keepPreviousData });
  const rows = query.data?.items ?? [];

  // Every transaction of the range, not the page on screen: the API writes the file.
  const rangeSet = Boolean(from && to && from <= to);
  const exportAll = () => {
    if (!rangeSet || exporting.isPending) return;
    exporting.mutate({ ...filters, from, to }, { onSuccess: (csv) => downloadText(`bali-refill-transactions-${from}-${to}.csv`, csv, 'text/csv;charset=utf-8') });
  };
  useExportRows(() => exportAll);

  const selectClass = 'h-10 rounded-xl border border-slate-200 bg-white px-3 pr-8 text-sm shadow-xs outline-none focus:border-brand-500 focus:ring-4 focus:ring-brand-100';
  return (
    <div>
      <IncidentsPanel />
      <PayoutsPanel />
      <HeldGuestRefundsPanel />
      <ClaimsPanel />
      <form
        className="flex flex-col gap-3 px-6 pt-5 lg:flex-row lg:items-end"
        aria-label={texts.filters}
        onSubmit={(e) => {
          e.preventDefault();
          onUserFilter(userInput.trim());
        }}
      >
        <label className="block text-xs font-medium text-slate-500">
          {texts.type}
          <select aria-label={texts.typeLabel} value={type} onChange={(e) => setType(e.target.value as typeof type)} className={`${selectClass} mt-1 block w-full lg:w-40`}>
            <option value="">{texts.allTypes}</option>
            {transactionTypes.map((t) => <option key={t} value={t}>{texts.types[t]}</option>)}
          </select>
        </label>
        <label className="block text-xs font-medium text-slate-500">
          {texts.machine}
          <select aria-label={texts.machine} value={machineId} onChange={(e) => setMachineId(e.target.value)} className={`${selectClass} mt-1 block w-full lg:w-64`}>
            <option value="">{texts.allMachines}</option>
            {(machines.data ?? []).map((m) => <option key={m.id} value={m.id}>{m.id} · {m.name}</option>)}
          </select>
        </label>
        <label className="block flex-1 text-xs font-medium text-slate-500 lg:max-w-sm">
          {texts.userId}
          <div className="relative mt-1">
            <input
              aria-label={texts.userId}
              value={userInput}
              onChange={(e) => setUserInput(e.target.value)}
              onBlur={() => onUserFilter(userInput.trim())}
              placeholder={texts.userPlaceholder}
              className={`${selectClass} block w-full pr-9 font-mono text-xs`}
            />
            {userInput && (
              <button type="button" aria-label={texts.clearUser} onClick={() => (setUserInput(''), onUserFilter(''))} className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-700">
                <CloseIcon size={14} />
              </button>
            )}
          </div>
        </label>
        <DayField label={texts.from} labelClassName="block text-xs font-medium text-slate-500" className={`${selectClass} mt-1 block w-full lg:w-40`}
          value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        <DayField label={texts.to} labelClassName="block text-xs font-medium text-slate-500" className={`${selectClass} mt-1 block w-full lg:w-40`}
          value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        <button type="submit" className="sr-only">{texts.apply}</button>
      </form>
      <div className="flex flex-wrap items-center gap-3 px-6 pt-3">
        <Button icon={<DownloadIcon size={16} />} className="min-h-11" busy={exporting.isPending} disabled={!rangeSet} onClick={exportAll}>
          {exporting.isPending ? texts.exporting : texts.exportCsv}
        </Button>
        <p className="text-xs text-slate-500">{texts.exportHint}</p>
        {exporting.isError && <ExportFailed text={texts.exportFailed} error={exporting.error} />}
      </div>

      <div className="mt-5">
        {query.isPending ? (
          <LoadingRows label={texts.loading} />
        ) : query.isError ? (
          <EmptyState icon={<AlertIcon />} title={texts.loadError}>
            <Button className="mt-3" onClick={() => void query.refetch()}>{texts.retry}</Button>
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState icon={<ReceiptIcon />} title={texts.empty}>{texts.emptyHint}</EmptyState>
        ) : (
          <Table
            label={texts.table}
            head={
              <tr>
                <Th>{texts.head.date}</Th>
                <Th>{texts.head.type}</Th>
                <Th>{texts.head.user}</Th>
                <Th>{texts.head.machine}</Th>
                <Th className="text-right">{texts.head.volume}</Th>
                <Th>{texts.head.method}</Th>
                <Th className="text-right">{texts.head.amount}</Th>
              </tr>
            }
          >
            {rows.map((t) => (
              <tr key={t.id} className={`hover:bg-slate-50/70 ${query.isPlaceholderData ? 'opacity-60' : ''}`}>
                <Td className="whitespace-nowrap text-slate-600">{formatDateTime(t.createdAt)}</Td>
                <Td>
                  <Pill tone={typeTone[t.type]}>{texts.types[t.type]}</Pill>
                  {(t.type === 'adjustment' || t.type === 'refund' || t.type === 'receivable') && (
                    <p className="mt-1 max-w-[16rem] truncate text-xs text-slate-500" title={`${t.reference} (${actorLabel(texts, t.actor)})`}>
                      {t.reference} · {actorLabel(texts, t.actor)}
                    </p>
                  )}
                </Td>
                <Td>
                  <button type="button" onClick={() => onUserFilter(t.userId)} className="text-left hover:text-brand-700" title={texts.onlyUser}>
                    <span className="block max-w-[11rem] truncate font-medium text-slate-800">{t.username ?? '—'}</span>
                    <span className="block max-w-[11rem] truncate font-mono text-[11px] text-slate-500">{t.userId}</span>
                  </button>
                </Td>
                <Td>{t.machine ? <><p className="text-slate-800">{t.machine.name}</p><p className="font-mono text-[11px] text-slate-500">{t.machine.id}</p></> : <span className="text-slate-500">—</span>}</Td>
                <Td className="text-right tabular-nums text-slate-700">{t.volume === null ? '—' : formatLitres(t.volume, 2)}</Td>
                <Td className="text-slate-700">{t.paymentMethod ? paymentMethodName(t.paymentMethod) : <span className="text-slate-500">—</span>}</Td>
                <Td className={`text-right font-semibold whitespace-nowrap tabular-nums ${t.type === 'receivable' ? 'text-red-700' : t.signedAmount < 0 ? 'text-slate-900' : 'text-emerald-700'}`}>
                  {t.type === 'receivable' ? texts.owed(formatRupiah(t.amount)) : `${t.signedAmount < 0 ? '-' : '+'}${formatRupiah(t.amount)}`}
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <div className="flex items-center justify-between border-t border-slate-100 px-6 py-3">
          <p className="text-xs text-slate-500">{texts.page(page + 1)}{rows.length ? texts.rows(rows.length) : ''}</p>
          <div className="flex gap-2">
            <Button size="sm" icon={<ChevronLeftIcon size={14} />} disabled={page === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>{texts.previous}</Button>
            <Button
              size="sm"
              disabled={!query.data?.nextCursor || query.isPlaceholderData}
              onClick={() => setCursors((c) => [...c, query.data?.nextCursor ?? undefined])}
            >
              {texts.next} <ChevronRightIcon size={14} />
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
