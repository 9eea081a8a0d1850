import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { HostRequest } from '@shared/schemas/host-request';
import { adminQueries, useDeleteHostRequest, useUpdateHostRequest } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { adminHostRequests } from '../../i18n/admin-host-requests';
import { useMessages } from '../../i18n/messages';
import { EditHostRequestDialog, useHostRequestOptions } from './EditHostRequestDialog';
import { useExportRows } from './export';
import { formatDate } from './format';
import { AlertIcon, HandshakeIcon, PencilIcon, TrashIcon } from './icons';
import { Button, Dialog, EmptyState, LoadingRows, Table, Td, Th } from '@frontend/components/ui';

const label = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;
const statusTone: Record<HostRequest['status'], string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  contacted: 'bg-sky-50 text-sky-800 ring-sky-200',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/**
 * Host requests: Business, Contact, Details, Status (a dropdown), Date, Actions (edit, delete with confirmation);
 * newest first, 25 at a time with 'Load more' (the export takes the rows loaded).
 */
export function HostRequestsTab() {
  const t = useMessages(adminHostRequests);
  const options = useHostRequestOptions();
  const requests = useInfiniteQuery(adminQueries.hostRequests());
  const [editing, setEditing] = useState<HostRequest | null>(null);
  const [deleting, setDeleting] = useState<HostRequest | null>(null);
  const rows = requests.data?.pages.flatMap((p) => p.items) ?? [];

  useExportRows(() => ({
    name: 'host-requests',
    header: ['ID', 'Business', 'Business type', 'Contact', 'E-mail', 'Phone', 'Address', 'Expected footfall', 'Comments', 'Status', 'Admin notes', 'Received'],
    rows: rows.map((r) => [r.id, r.businessName, r.businessType, r.contactName, r.email, r.phone, r.address, r.expectedFootfall, r.comments, r.status, r.adminNotes, r.createdAt]),
  }));

  const changeStatus = useUpdateHostRequest({
    onSuccess: (_, { request, patch }) => {
      if (patch.status) toast({ title: t.statusUpdated, description: t.nowStatus(request.businessName, t.statuses[patch.status]), variant: 'success' });
    },
    onError: (error) => toast({ title: error instanceof ApiRequestError ? t.statusFailed : t.statusError, variant: 'destructive' }),
  });
  const busyId = changeStatus.isPending ? changeStatus.variables.request.id : null;

  // The confirmation stays open, busy, until the answer.
  const remove = useDeleteHostRequest({
    onSuccess: (_, request) => {
      setDeleting(null);
      toast({ title: t.deleted, description: request.businessName, variant: 'success' });
    },
    onError: (error) => {
      setDeleting(null);
      toast({ title: error instanceof ApiRequestError ? t.deleteFailed : t.deleteError, variant: 'destructive' });
    },
  });

  return (
    <div className="pt-5">
      {requests.isPending ? (
        <LoadingRows label={t.loading} />
      ) : requests.isError ? (
        <EmptyState icon={<AlertIcon />} title={t.loadError}>
          <Button className="mt-3" onClick={() => void requests.refetch()}>{t.retry}</Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState icon={<HandshakeIcon />} title={t.empty}>{t.emptyHint}</EmptyState>
      ) : (
        <Table
          label={t.table}
          head={
            <tr>
              <Th>{t.head.business}</Th>
              <Th>{t.head.contact}</Th>
              <Th>{t.head.details}</Th>
              <Th>{t.head.status}</Th>
              <Th>{t.head.date}</Th>
              <Th className="text-right">{t.head.actions}</Th>
            </tr>
          }
        >
          {rows.map((r) => (
            <tr key={r.id} className="align-top hover:bg-slate-50/70">
              <Td>
                <p className="font-semibold text-slate-900">{r.businessName}</p>
                <p className="text-xs text-slate-500">{label(options.businessTypes, r.businessType)}</p>
              </Td>
              <Td>
                <p className="text-slate-800">{r.contactName}</p>
                <a href={`mailto:${r.email}`} className="flex min-h-6 items-center text-xs text-brand-700 hover:underline">{r.email}</a>
                <a href={`tel:${r.phone}`} className="flex min-h-6 items-center text-xs text-slate-600 hover:underline">{r.phone}</a>
              </Td>
              <Td className="max-w-xs">
                <p className="truncate text-slate-700" title={r.address}>{r.address}</p>
                <p className="text-xs text-slate-500">{label(options.footfalls, r.expectedFootfall)}</p>
                {r.comments && <p className="mt-1 line-clamp-2 text-xs text-slate-500 italic" title={r.comments}>“{r.comments}”</p>}
                {r.adminNotes && <p className="mt-1 line-clamp-2 text-xs text-brand-800" title={r.adminNotes}>{t.note(r.adminNotes)}</p>}
              </Td>
              <Td>
                <select
                  aria-label={t.statusOf(r.businessName)}
                  value={r.status}
                  disabled={busyId === r.id}
                  onChange={(e) => changeStatus.mutate({ request: r, patch: { status: e.target.value as HostRequest['status'] } })}
                  className={`h-8 rounded-full border-0 py-0 pr-7 pl-3 text-xs font-semibold ring-1 ring-inset focus:ring-2 focus:ring-brand-400 ${statusTone[r.status]}`}
                >
                  {options.statuses.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                </select>
              </Td>
              <Td className="whitespace-nowrap text-slate-600">{formatDate(r.createdAt)}</Td>
              <Td className="text-right whitespace-nowrap">
                <Button size="sm" variant="ghost" icon={<PencilIcon size={15} />} aria-label={t.editOf(r.businessName)} onClick={() => setEditing(r)}>{t.edit}</Button>
                <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" icon={<TrashIcon size={15} />} aria-label={t.deleteOf(r.businessName)} onClick={() => setDeleting(r)}>{t.delete}</Button>
              </Td>
            </tr>
          ))}
        </Table>
      )}
      {rows.length > 0 && (
        <div className="flex items-center justify-between border-t border-slate-100 px-6 py-3">
          <p className="text-xs text-slate-500">{t.count(rows.length, Boolean(requests.hasNextPage))}</p>
          {requests.hasNextPage && (
            <Button size="sm" busy={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>{t.loadMore}</Button>
          )}
        </div>
      )}

      <EditHostRequestDialog request={editing} onClose={() => setEditing(null)} />
      <Dialog
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title={t.deleteTitle}
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>{t.cancel}</Button>
            <Button variant="danger" icon={<TrashIcon size={15} />} busy={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>{t.delete}</Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          {t.deleteBefore}<strong className="text-slate-900">{deleting?.businessName}</strong>{t.deleteAfter}
        </p>
      </Dialog>
    </div>
  );
}
