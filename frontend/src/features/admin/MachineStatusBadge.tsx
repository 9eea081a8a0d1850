import type { MachineStatus } from '../../../../shared/schemas';

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
