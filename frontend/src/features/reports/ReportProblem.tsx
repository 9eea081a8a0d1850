import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { Machine } from '@shared/schemas/machine';
import { Icon, type IconProps } from '../../components/icons';
import { reportTexts } from '../../i18n/reports';
import { useMessages } from '../../i18n/messages';

const AlertIcon = (p: IconProps) => <Icon {...p}><path d="M12 4 2.5 20h19L12 4Z" /><path d="M12 10v4M12 17h.01" /></Icon>;

/** "Problem reported, being fixed" while the station has an open report. */
export function ProblemReportedFlag({ machine }: { machine: Machine }) {
  const t = useMessages(reportTexts);
  if (!machine.problemReported) return null;
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300" data-testid="problem-reported">
      <AlertIcon size={14} /> {t.flag}
    </span>
  );
}

// The form and what it sends with (the API client, the contract's limits) come when it is opened: the station cards
// of a public page need none of it for their first render.
const ReportForm = lazy(() => import('./ReportForm').then((m) => ({ default: m.ReportForm })));

/**
 * A button that opens the report form under the station card (open at once with `initiallyOpen`); the form sends
 * category, note and an optional photo.
 */
export function ReportProblem({ machine, initiallyOpen = false }: { machine: Machine; initiallyOpen?: boolean }) {
  const t = useMessages(reportTexts);
  const [open, setOpen] = useState(initiallyOpen);
  useEffect(() => {
    if (initiallyOpen) setOpen(true);
  }, [initiallyOpen]);
  const [sent, setSent] = useState(false);
  const formId = useId();
  if (sent) return <p role="status" className="mt-3 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">{t.thanks}</p>;
  return (
    <div className="mt-3">
      {!open ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={false}
          aria-controls={formId}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 py-2 text-sm font-medium text-slate-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <AlertIcon size={15} /> {t.open}
        </button>
      ) : (
        <Suspense fallback={<p role="status" className="py-2 text-sm text-slate-600">{t.opening}</p>}>
          <ReportForm id={formId} machine={machine} onCancel={() => setOpen(false)} onSent={() => setSent(true)} />
        </Suspense>
      )}
    </div>
  );
}
