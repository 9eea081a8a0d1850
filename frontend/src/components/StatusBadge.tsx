import type { Machine } from '@shared/schemas/machine';
import { statusColor, statusTone } from '../features/stations/status';
import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';

/** A status dot with its label: colour is never the only signal. */
export function StatusBadge({ status, className = '' }: { status: Machine['status']; className?: string }) {
  const t = useMessages(common);
  const tone = statusTone(status);
  return (
    <span data-status={tone} className={`inline-flex items-center gap-1.5 text-xs font-semibold text-slate-700 ${className}`}>
      <span className="h-2.5 w-2.5 rounded-full ring-2 ring-white" style={{ backgroundColor: statusColor[tone] }} aria-hidden="true" />
      {t.status[tone]}
    </span>
  );
}
