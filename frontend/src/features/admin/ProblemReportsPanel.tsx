import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProblemReport } from '@shared/schemas/report';
import { authedApi } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { adminPanels } from '../../i18n/admin-panels';
import { useMessages } from '../../i18n/messages';
import { formatDateTime } from './format';
import { AlertIcon } from './icons';
import { Button } from '@frontend/components/ui';
import { adminKeys, adminQueries } from '@frontend/api/admin';

/**
 * Problem reports sent from the station finder (docs/design.md, "Problem reports"), newest first: open ones to act on,
 * resolved ones for the record. Resolving the last open report of a station clears its "problem reported" flag.
 */
export function ProblemReportsPanel() {
  const t = useMessages(adminPanels).reports;
  const [status, setStatus] = useState<ProblemReport['status']>('open');
  const reports = useQuery(adminQueries.reports(status));
  const items = reports.data ?? [];
  return (
    <section aria-labelledby="reports-title" className="mx-6 mt-5 rounded-xl bg-amber-50/60 p-4 ring-1 ring-amber-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="reports-title" className="flex items-center gap-2 text-sm font-semibold text-amber-950">
          <AlertIcon size={16} /> {t.title}
        </h3>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t.show}
          <select value={status} onChange={(e) => setStatus(e.target.value as ProblemReport['status'])} aria-label={t.showLabel} className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-sm">
            <option value="open">{t.open}</option>
            <option value="resolved">{t.resolved}</option>
          </select>
        </label>
      </div>
      {reports.isPending ? (
        <p className="mt-2 text-sm text-slate-700">{t.loading}</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{status === 'open' ? t.noOpen : t.noResolved}</p>
      ) : (
        <ul className="mt-3 divide-y divide-amber-100" aria-label={status === 'open' ? t.openList : t.resolvedList}>
          {items.map((report) => <ReportRow key={report.id} report={report} />)}
        </ul>
      )}
    </section>
  );
}

function ReportRow({ report }: { report: ProblemReport }) {
  const t = useMessages(adminPanels).reports;
  const queryClient = useQueryClient();
  const [photo, setPhoto] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showPhoto = async () => {
    setBusy(true);
    try {
      setPhoto((await authedApi('adminGetProblemReportPhoto', { params: { id: report.id } })).dataUrl);
    } catch (error) {
      toast({ title: t.photoFailed, description: error instanceof ApiRequestError ? error.serverMessage : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const resolve = async () => {
    setBusy(true);
    try {
      await authedApi('adminResolveProblemReport', { params: { id: report.id } });
      await Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.reports }), queryClient.invalidateQueries({ queryKey: adminQueries.machines().queryKey })]);
      toast({ title: t.reportResolved, description: `${report.stationName}: ${t.categories[report.category]}`, variant: 'success' });
    } catch (error) {
      toast({ title: t.resolveFailed, description: error instanceof ApiRequestError ? error.serverMessage : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="flex flex-wrap items-start gap-3 py-3 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{report.stationName} <span className="font-mono text-xs text-slate-600">{report.stationId}</span></p>
        <p className="text-xs text-slate-700">{t.categories[report.category]} · {formatDateTime(report.createdAt)}{report.resolvedAt ? t.resolvedBy(formatDateTime(report.resolvedAt), report.resolvedBy ?? '') : ''}</p>
        {report.note && <p className="mt-1 whitespace-pre-wrap text-slate-800">{report.note}</p>}
        {photo && <img src={photo} alt={t.photoAlt(report.stationName)} className="mt-2 max-h-64 rounded-lg ring-1 ring-slate-200" />}
      </div>
      <div className="flex gap-2">
        {report.photo && !photo && <Button size="sm" variant="ghost" disabled={busy} onClick={() => void showPhoto()} aria-label={t.showPhoto(report.stationName)}>{t.photo}</Button>}
        {report.status === 'open' && <Button size="sm" disabled={busy} onClick={() => void resolve()} aria-label={t.resolveAt(report.stationName)}>{t.resolve}</Button>}
      </div>
    </li>
  );
}
