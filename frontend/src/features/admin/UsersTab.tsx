import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminUser } from '@shared/schemas/user';
import { adminQueries } from '../../api/admin';
import { adminUsers } from '../../i18n/admin-users';
import { useMessages } from '../../i18n/messages';
import { EditUserDialog } from './EditUserDialog';
import { useExportRows } from './export';
import { formatDate, formatInteger, formatLitres, formatRupiah, rupiahToPoints } from './format';
import { AlertIcon, PencilIcon, UsersIcon } from './icons';
import { Button, EmptyState, LoadingRows, SearchInput, Table, Td, Th } from '@frontend/components/ui';

const displayName = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/** Users: the first 10 (docs/design.md, "Constants"), search on the server, 'Load more' for the next 10. */
export function UsersTab({ onShowTransactions }: { onShowTransactions: (userId: string) => void }) {
  const t = useMessages(adminUsers);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const users = useInfiniteQuery(adminQueries.users(search));
  const rows = users.data?.pages.flatMap((p) => p.items) ?? [];

  useExportRows(() => ({
    name: 'users',
    header: ['User ID', 'Username', 'Name', 'E-mail', 'Balance (points)', 'Balance (IDR)', 'Owed (IDR)', 'Litres refilled', 'Bottles saved', 'CO2 saved (kg)', 'Member since'],
    rows: rows.map((u) => [u.id, u.username, displayName(u), u.email, rupiahToPoints(u.balance), u.balance, u.owed, u.environmentalImpact.litersRefilled, u.environmentalImpact.plasticBottlesSaved, u.environmentalImpact.co2Saved, u.createdAt]),
  }));

  return (
    <div>
      <div className="flex flex-col gap-3 px-6 pt-5 sm:flex-row sm:items-center">
        <SearchInput label={t.search} placeholder={t.searchPlaceholder} value={input} onChange={(e) => setInput(e.target.value)} className="sm:max-w-md sm:flex-1" />
        <p className="text-sm text-slate-500 sm:ml-auto">{t.newestFirst}</p>
      </div>
      <div className="mt-5">
        {users.isPending ? (
          <LoadingRows label={t.loading} />
        ) : users.isError ? (
          <EmptyState icon={<AlertIcon />} title={t.loadError}>
            <Button className="mt-3" onClick={() => void users.refetch()}>{t.retry}</Button>
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState icon={<UsersIcon />} title={search ? t.noMatch : t.noUsers}>{search ? t.noMatchHint : t.noUsersHint}</EmptyState>
        ) : (
          <Table
            label={t.table}
            head={
              <tr>
                <Th>{t.head.user}</Th>
                <Th>{t.head.id}</Th>
                <Th className="text-right">{t.head.balance}</Th>
                <Th className="text-right">{t.head.litres}</Th>
                <Th>{t.head.since}</Th>
                <Th className="text-right">{t.head.edit}</Th>
              </tr>
            }
          >
            {rows.map((u) => (
              <tr key={u.id} className="hover:bg-slate-50/70">
                <Td>
                  <div className="flex items-center gap-3">
                    <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-100 to-brand-200 text-sm font-bold text-brand-800">
                      {displayName(u).charAt(0).toUpperCase()}
                    </span>
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-slate-900">{u.username}</p>
                      <p className="truncate text-xs text-slate-500">{u.email ?? displayName(u)}</p>
                    </div>
                  </div>
                </Td>
                <Td>
                  <button type="button" onClick={() => onShowTransactions(u.id)} title={t.showTransactions} className="max-w-[12rem] truncate font-mono text-xs text-slate-500 hover:text-brand-700 hover:underline">
                    {u.id}
                  </button>
                </Td>
                <Td className="text-right">
                  <p className="font-semibold text-slate-900 tabular-nums">{t.points(formatInteger(rupiahToPoints(u.balance)))}</p>
                  <p className="text-xs text-slate-500 tabular-nums">{formatRupiah(u.balance)}</p>
                  {u.owed > 0 && <p className="text-xs font-medium text-red-700 tabular-nums">{t.owed(formatRupiah(u.owed))}</p>}
                </Td>
                <Td className="text-right tabular-nums text-slate-700">{formatLitres(u.environmentalImpact.litersRefilled)}</Td>
                <Td className="text-slate-600">{formatDate(u.createdAt)}</Td>
                <Td className="text-right">
                  <Button size="sm" variant="ghost" icon={<PencilIcon size={15} />} aria-label={t.editUser(u.username)} onClick={() => setEditing(u)}>{t.edit}</Button>
                </Td>
              </tr>
            ))}
          </Table>
        )}
        {rows.length > 0 && (
          <div className="flex items-center justify-between border-t border-slate-100 px-6 py-3">
            <p className="text-xs text-slate-500">{t.showing(rows.length)}</p>
            {users.hasNextPage && (
              <Button size="sm" busy={users.isFetchingNextPage} onClick={() => void users.fetchNextPage()}>{t.loadMore}</Button>
            )}
          </div>
        )}
      </div>
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
