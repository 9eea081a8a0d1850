import { useQuery } from '@tanstack/react-query';
import { adminQueries, useCheckIn } from '@frontend/api/admin';
import { ApiRequestError } from '@frontend/api/client';
import { Link } from '@frontend/components/nav';
import { consoleRoles } from '@frontend/i18n/console-roles';
import { useMessages } from '@frontend/i18n/messages';
import { maybeSignedIn } from '../../auth/maybe-signed-in';
import { formatDateTime } from '../format';
import { Button } from '@frontend/components/ui';

/** The phone's position, read afresh for a check-in (no cached fix: the person may just have walked up); rejects when the person refuses it or none comes in time. */
function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error('no geolocation'));
    navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 });
  });
}

/** A check-in without the phone's position: nothing was asked of the server. */
class NoPosition extends Error {}

/**
 * "Check in" for a technician (or an admin) at a station: on the station's public page, which scanning its QR opens,
 * and on its console page. Sends where the phone is; the server records a station event with who and when only near
 * the station (POST /api/admin/machines/{id}/check-in; docs/stations.md, "Check-in"), else says how far it is.
 */
export function StationCheckIn({ stationId, variant }: { stationId: string; variant: 'public' | 'console' }) {
  const t = useMessages(consoleRoles).checkIn;
  const session = useQuery({ ...adminQueries.session(), enabled: variant === 'console' || maybeSignedIn() });
  const checkIn = useCheckIn(stationId, async () => {
    const { coords } = await currentPosition().catch(() => Promise.reject(new NoPosition()));
    return { latitude: coords.latitude, longitude: coords.longitude, accuracyMetres: coords.accuracy };
  });
  // Refused near or far, the server's reason (in the page's language) is what the person needs to read.
  const refusal = checkIn.error instanceof NoPosition ? t.noPosition
    : checkIn.error instanceof ApiRequestError && (checkIn.error.status === 409 || checkIn.error.status === 400)
      ? (Object.values(checkIn.error.body?.fields ?? {})[0] ?? checkIn.error.serverMessage ?? t.failed)
    : t.failed;
  const role = session.data?.role;
  if (role !== 'technician' && role !== 'admin') return null;

  const action = (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="primary" busy={checkIn.isPending} onClick={() => checkIn.mutate()}>{t.action}</Button>
      {checkIn.isPending && <p role="status" className="text-sm text-slate-600">{t.locating}</p>}
      {checkIn.isSuccess && <p role="status" className="text-sm font-medium text-emerald-700">{t.done(formatDateTime(checkIn.data.at))}</p>}
      {checkIn.isError && <p role="alert" className="text-sm text-red-700">{refusal}</p>}
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
