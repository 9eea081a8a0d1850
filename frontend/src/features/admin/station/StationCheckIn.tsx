import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQueries } from '@frontend/api/admin';
import { authedApi } from '@frontend/api/auth';
import { Link } from '@frontend/components/nav';
import { consoleRoles } from '@frontend/i18n/console-roles';
import { useMessages } from '@frontend/i18n/messages';
import { maybeSignedIn } from '../../auth/maybe-signed-in';
import { formatDateTime } from '../format';
import { Button } from '../ui';

/**
 * "Check in" for a technician (or an admin) at a station: on the station's public page, which scanning its QR opens,
 * and on its console page. Records a station event with who and when (POST /api/admin/machines/{id}/check-in).
 */
export function StationCheckIn({ stationId, variant }: { stationId: string; variant: 'public' | 'console' }) {
  const t = useMessages(consoleRoles).checkIn;
  const queryClient = useQueryClient();
  const session = useQuery({ ...adminQueries.session(), enabled: variant === 'console' || maybeSignedIn() });
  const checkIn = useMutation({
    mutationFn: () => authedApi('adminCheckIn', { params: { id: stationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'station', stationId, 'events'] }),
  });
  const role = session.data?.role;
  if (role !== 'technician' && role !== 'admin') return null;

  const action = (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="primary" busy={checkIn.isPending} onClick={() => checkIn.mutate()}>{t.action}</Button>
      {checkIn.isSuccess && <p role="status" className="text-sm font-medium text-emerald-700">{t.done(formatDateTime(checkIn.data.at))}</p>}
      {checkIn.isError && <p role="alert" className="text-sm text-red-700">{t.failed}</p>}
    </div>
  );
  if (variant === 'console') return action;
  return (
    <section aria-label={t.prompt} className="mt-6 rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-200">
      <h2 className="font-semibold text-slate-900">{t.prompt}</h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{t.promptText}</p>
      {action}
      <Link to="/admin/stations/$id" params={{ id: stationId }} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">{t.openStation}</Link>
    </section>
  );
}
