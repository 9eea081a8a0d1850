import { availability } from '@shared/availability';
import type { Machine, MachineStatus, StationConnection } from '@shared/schemas';
import { timeAgo } from './format';

const styles: Record<MachineStatus, { label: string; dot: string; pill: string }> = {
  online: { label: 'Online', dot: 'bg-emerald-500', pill: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  offline: { label: 'Offline', dot: 'bg-red-500', pill: 'bg-red-50 text-red-700 ring-red-200' },
  maintenance: { label: 'Maintenance', dot: 'bg-amber-500', pill: 'bg-amber-50 text-amber-800 ring-amber-200' },
  locked: { label: 'Locked', dot: 'bg-slate-400', pill: 'bg-slate-100 text-slate-600 ring-slate-200' },
};

export const statusLabel = (status: MachineStatus) => styles[status].label;

/** Admin status badge: online green, offline red, maintenance amber, locked grey (docs/design.md, "States"). */
export function MachineStatusBadge({ status }: { status: MachineStatus }) {
  const s = styles[status];
  return (
    <span data-status={status} className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${s.pill}`}>
      <span aria-hidden="true" className={`h-1.5 w-1.5 rounded-full ${s.dot} ${status === 'online' ? 'shadow-[0_0_0_3px_rgb(16_185_129/0.2)]' : ''}`} />
      {s.label}
    </span>
  );
}

/** IoT Core's disconnect reasons, as an operator reads them. */
const DISCONNECT_REASONS: Record<string, string> = {
  CLIENT_INITIATED_DISCONNECT: 'the station disconnected',
  CONNECTION_LOST: 'connection lost',
  MQTT_KEEP_ALIVE_TIMEOUT: 'keep-alive timeout (no signal)',
  DUPLICATE_CLIENTID: 'replaced by another connection with its id',
  SERVER_INITIATED_DISCONNECT: 'disconnected by IoT Core',
  AUTH_ERROR: 'authentication failed',
  FORBIDDEN_ACCESS: 'refused by the IoT policy',
  CLIENT_ERROR: 'the station sent something invalid',
  SERVER_ERROR: 'IoT Core error',
  THROTTLED: 'throttled',
};

const disconnectReasonLabel = (reason: string | null) => (reason ? (DISCONNECT_REASONS[reason] ?? reason.toLowerCase().replaceAll('_', ' ')) : 'reason unknown');

/**
 * Why a station cannot serve refills (shared/availability.ts): offline with the reason of its last presence event, or
 * an online station with an empty tank. A dropped link is not an empty tank or a lock; nothing when it can serve.
 */
export function AvailabilityNote({ machine }: { machine: Pick<Machine, 'status' | 'waterLevel' | 'connection'> }) {
  const why = availability(machine);
  if (why === 'empty') return <p className="mt-1 text-xs font-medium text-amber-800" data-availability="empty">Empty: water level {machine.waterLevel}%</p>;
  if (why !== 'offline') return null;
  return <ConnectionNote connection={machine.connection} />;
}

function ConnectionNote({ connection }: { connection: StationConnection | null }) {
  if (connection?.state !== 'disconnected') {
    return <p className="mt-1 text-xs text-slate-600" data-availability="offline">{connection ? 'Connected, but its heartbeats stopped' : 'Never connected'}</p>;
  }
  return (
    <p className="mt-1 text-xs text-slate-600" title={connection.reason ?? undefined} data-availability="offline">
      Disconnected {timeAgo(connection.at)}: {disconnectReasonLabel(connection.reason)}
    </p>
  );
}
