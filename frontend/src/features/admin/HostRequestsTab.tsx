import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { businessTypeOptions, footfallOptions, type HostRequest } from '@shared/schemas';
import { adminApi, adminQueries } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { EditHostRequestDialog, statusOptions } from './EditHostRequestDialog';
import { useExportRows } from './export';
import { formatDate } from './format';
import { AlertIcon, HandshakeIcon, PencilIcon, TrashIcon } from './icons';
import { Button, EmptyState, LoadingRows, Modal, Table, Td, Th } from './ui';

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
  const queryClient = useQueryClient();
  const requests = useInfiniteQuery(adminQueries.hostRequests());
  const [editing, setEditing] = useState<HostRequest | null>(null);
  const [deleting, setDeleting] = useState<HostRequest | null>(null);
  const rows = requests.data?.pages.flatMap((p) => p.items) ?? [];

  useExportRows(() => ({
    name: 'host-requests',
    header: ['ID', 'Business', 'Business type', 'Contact', 'E-mail', 'Phone', 'Address', 'Expected footfall', 'Comments', 'Status', 'Admin notes', 'Received'],
    rows: rows.map((r) => [r.id, r.businessName, r.businessType, r.contactName, r.email, r.phone, r.address, r.expectedFootfall, r.comments, r.status, r.adminNotes, r.createdAt]),
  }));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'host-requests'] });

  const changeStatus = useMutation({
    mutationFn: ({ request, status }: { request: HostRequest; status: HostRequest['status'] }) => adminApi.updateHostRequest(request.id, { status }),
    onSuccess: async (_, { request, status }) => {
      await refresh();
      toast({ title: 'Status updated', description: `${request.businessName} is now ${status}.`, variant: 'success' });
    },
    onError: (error) => toast({ title: error instanceof ApiRequestError ? 'Failed to update status' : 'Error updating status', variant: 'destructive' }),
  });
  const busyId = changeStatus.isPending ? changeStatus.variables.request.id : null;

  const remove = useMutation({
    mutationFn: (request: HostRequest) => adminApi.deleteHostRequest(request.id),
    onSuccess: async (_, request) => {
      setDeleting(null);
      await refresh();
      toast({ title: 'Host request deleted', description: request.businessName, variant: 'success' });
    },
    onError: (error) => {
      setDeleting(null);
      toast({ title: error instanceof ApiRequestError ? 'Failed to delete request' : 'Error deleting request', variant: 'destructive' });
    },
  });

  return (
    <div className="pt-5">
      {requests.isPending ? (
        <LoadingRows label="Loading host requests..." />
      ) : requests.isError ? (
        <EmptyState icon={<AlertIcon />} title="Failed to fetch host requests">
          <Button className="mt-3" onClick={() => void requests.refetch()}>Try again</Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState icon={<HandshakeIcon />} title="No host requests yet">Applications from the partner form on the landing page appear here.</EmptyState>
      ) : (
        <Table
          label="Host requests"
          head={
            <tr>
              <Th>Business</Th>
              <Th>Contact</Th>
              <Th>Details</Th>
              <Th>Status</Th>
              <Th>Date</Th>
              <Th className="text-right">Actions</Th>
            </tr>
          }
        >
          {rows.map((r) => (
            <tr key={r.id} className="align-top hover:bg-slate-50/70">
              <Td>
                <p className="font-semibold text-slate-900">{r.businessName}</p>
                <p className="text-xs text-slate-500">{label(businessTypeOptions, r.businessType)}</p>
              </Td>
              <Td>
                <p className="text-slate-800">{r.contactName}</p>
                <a href={`mailto:${r.email}`} className="flex min-h-6 items-center text-xs text-brand-700 hover:underline">{r.email}</a>
                <a href={`tel:${r.phone}`} className="flex min-h-6 items-center text-xs text-slate-600 hover:underline">{r.phone}</a>
              </Td>
              <Td className="max-w-xs">
                <p className="truncate text-slate-700" title={r.address}>{r.address}</p>
                <p className="text-xs text-slate-500">{label(footfallOptions, r.expectedFootfall)}</p>
                {r.comments && <p className="mt-1 line-clamp-2 text-xs text-slate-500 italic" title={r.comments}>“{r.comments}”</p>}
                {r.adminNotes && <p className="mt-1 line-clamp-2 text-xs text-brand-800" title={r.adminNotes}>Note: {r.adminNotes}</p>}
              </Td>
              <Td>
                <select
                  aria-label={`Status of ${r.businessName}`}
                  value={r.status}
                  disabled={busyId === r.id}
                  onChange={(e) => changeStatus.mutate({ request: r, status: e.target.value as HostRequest['status'] })}
                  className={`h-8 rounded-full border-0 py-0 pr-7 pl-3 text-xs font-semibold ring-1 ring-inset focus:ring-2 focus:ring-brand-400 ${statusTone[r.status]}`}
                >
                  {statusOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                </select>
              </Td>
              <Td className="whitespace-nowrap text-slate-600">{formatDate(r.createdAt)}</Td>
              <Td className="text-right whitespace-nowrap">
                <Button size="sm" variant="ghost" icon={<PencilIcon size={15} />} aria-label={`Edit ${r.businessName}`} onClick={() => setEditing(r)}>Edit</Button>
                <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" icon={<TrashIcon size={15} />} aria-label={`Delete ${r.businessName}`} onClick={() => setDeleting(r)}>Delete</Button>
              </Td>
            </tr>
          ))}
        </Table>
      )}
      {rows.length > 0 && (
        <div className="flex items-center justify-between border-t border-slate-100 px-6 py-3">
          <p className="text-xs text-slate-500">{rows.length} {rows.length === 1 ? 'request' : 'requests'}{requests.hasNextPage ? ' loaded' : ''}, newest first</p>
          {requests.hasNextPage && (
            <Button size="sm" busy={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>Load more</Button>
          )}
        </div>
      )}

      <EditHostRequestDialog request={editing} onClose={() => setEditing(null)} />
      <Modal
        open={Boolean(deleting)}
        onClose={() => setDeleting(null)}
        title="Delete host request?"
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>Cancel</Button>
            <Button variant="danger" icon={<TrashIcon size={15} />} busy={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>Delete</Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          The application from <strong className="text-slate-900">{deleting?.businessName}</strong> will be removed permanently. This cannot be undone.
        </p>
      </Modal>
    </div>
  );
}
