import { availability } from '@shared/availability';
import { disconnectReasonIn } from '@shared/disconnect-reasons';
import type { Machine, MachineStatus, StationConnection } from '@shared/schemas/machine';
import { adminConsole } from '../../i18n/admin-console';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { useTimeAgo } from './format';

const styles: Record<MachineStatus, { dot: string; pill: string }> = {
  online: { dot: 'bg-emerald-500', pill: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  offline: { dot: 'bg-red-500', pill: 'bg-red-50 text-red-700 ring-red-200' },
  maintenance: { dot: 'bg-amber-500', pill: 'bg-amber-50 text-amber-800 ring-amber-200' },
  locked: { dot: 'bg-slate-400', pill: 'bg-slate-100 text-slate-600 ring-slate-200' },
};

/** The status names in the chosen language, for badges and status pickers. */
export const useStatusLabels = (): Record<MachineStatus, string> => useMessages(adminConsole).statuses;

/** Admin status badge: online green, offline red, maintenance amber, locked grey (docs/design.md, "States"). */
export function MachineStatusBadge({ status }: { status: MachineStatus }) {
  const s = styles[status];
  const label = useStatusLabels()[status];
  return (
    <span data-status={status} className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${s.pill}`}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${s.dot} ${status === 'online' ? 'shadow-[0_0_0_3px_rgb(16_185_129/0.2)]' : ''}`} />
      {label}
    </span>
  );
}

/**
 * Why a station cannot serve refills (shared/availability.ts): offline with the reason of its last presence event, or
 * an online station with an empty tank. A dropped link is not an empty tank or a lock; nothing when it can serve.
 */
export function AvailabilityNote({ machine }: { machine: Pick<Machine, 'status' | 'waterLevel' | 'connection'> }) {
  const t = useMessages(adminConsole);
  const why = availability(machine);
  if (why === 'empty') return <p className="mt-1 text-xs font-medium text-amber-800" data-availability="empty">{t.empty(machine.waterLevel)}</p>;
  if (why !== 'offline') return null;
  return <ConnectionNote connection={machine.connection} />;
}

function ConnectionNote({ connection }: { connection: StationConnection | null }) {
  const t = useMessages(adminConsole);
  const language = useLanguage();
  const timeAgo = useTimeAgo();
  if (!connection) return <p className="mt-1 text-xs text-slate-600" data-availability="offline">{t.neverConnected}</p>;
  // A station that was connected keeps serving wallet customers on its own (docs/station-protocol.md, "Offline vends").
  const serving = <p className="mt-1 text-xs font-medium text-slate-700" data-availability="serving-offline">{t.servingOffline}</p>;
  if (connection.state !== 'disconnected') {
    return (
      <>
        <p className="mt-1 text-xs text-slate-600" data-availability="offline">{t.heartbeatsStopped}</p>
        {serving}
      </>
    );
  }
  return (
    <>
      <p className="mt-1 text-xs text-slate-600" title={connection.reason ?? undefined} data-availability="offline">
        {t.disconnected(timeAgo(connection.at), connection.reason ? disconnectReasonIn(connection.reason, language) : t.reasonUnknown)}
      </p>
      {serving}
    </>
  );
}
