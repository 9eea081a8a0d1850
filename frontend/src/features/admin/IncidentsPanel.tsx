import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { VendIncident } from '@shared/schemas/incident';
import { adminQueries, useResolveIncident } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { adminPanels } from '../../i18n/admin-panels';
import { useMessages, type Translation } from '../../i18n/messages';
import { formatDateTime, formatInteger } from './format';
import { AlertIcon } from './icons';
import { Button, Dialog, InlineAlert, TextAreaField, TextField } from '@frontend/components/ui';

/**
 * Open vend incidents (docs/architecture.md, Vend incidents): completions a station reported that could not be
 * settled as they came. Each keeps its session's hold until the station's retry or an operator resolves it here with
 * the millilitres actually dispensed. Shown above the transactions, only while there are any.
 */
export function IncidentsPanel() {
  const t = useMessages(adminPanels).incidents;
  const incidents = useQuery(adminQueries.incidents());
  const [resolving, setResolving] = useState<VendIncident | null>(null);
  const items = incidents.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="incidents-title" className="mx-6 mt-5 rounded-xl bg-red-50/60 p-4 ring-1 ring-red-200">
      <h3 id="incidents-title" className="flex items-center gap-2 text-sm font-semibold text-red-900">
        <AlertIcon size={16} /> {t.title(items.length, Boolean(incidents.data?.nextCursor))}
      </h3>
      <p className="mt-1 text-xs text-red-800">{t.intro}</p>
      <ul className="mt-3 divide-y divide-red-100" aria-label={t.list}>
        {items.map((incident) => (
          <li key={incident.sessionId} className="flex flex-wrap items-center gap-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{incident.machineName} <span className="font-mono text-xs text-slate-500">{incident.stationId}</span></p>
              <p className="text-xs text-slate-600">{problemInWords(incident, t)} · {formatDateTime(incident.createdAt)}{incident.reports > 1 ? t.reports(incident.reports) : ''}{incident.holdKept ? t.holdKept : t.holdReleased}</p>
              <StationPayload incident={incident} />
            </div>
            <Button size="sm" onClick={() => setResolving(incident)} aria-label={t.resolveSession(incident.sessionId)}>{t.resolve}</Button>
          </li>
        ))}
      </ul>
      <ResolveDialog incident={resolving} onClose={() => setResolving(null)} />
    </section>
  );
}

type IncidentTexts = Translation<(typeof adminPanels)['en']>['incidents'];

/** Why the station's last report could not be settled, as a sentence; an incident recorded before problems were kept has its English reason. */
function problemInWords(incident: VendIncident, t: IncidentTexts): string {
  const problem = incident.lastReport.problem;
  if (!problem) return incident.lastReport.reason;
  if (problem.kind === 'aboveAuthorized') return t.problems.aboveAuthorized(formatInteger(problem.reportedMl ?? 0), formatInteger(incident.maxMl));
  return t.problems[problem.kind];
}

/** The station's message as it came, folded away: the operator may need it to work out the volume. */
function StationPayload({ incident }: { incident: VendIncident }) {
  const t = useMessages(adminPanels).incidents;
  return (
    <details className="text-xs text-slate-500">
      <summary className="cursor-pointer">{t.payload}</summary>
      <code className="block break-all font-mono text-[11px]">{incident.lastReport.payload}</code>
    </details>
  );
}

function ResolveDialog({ incident, onClose }: { incident: VendIncident | null; onClose: () => void }) {
  const t = useMessages(adminPanels).incidents;
  return (
    <Dialog open={Boolean(incident)} onClose={onClose} title={t.dialogTitle} description={incident ? t.session(incident.machineName, incident.sessionId) : undefined} footer={
      <>
        <Button variant="ghost" onClick={onClose}>{t.cancel}</Button>
        <Button variant="primary" type="submit" form="resolve-incident-form">{t.charge}</Button>
      </>
    }>
      {incident && <ResolveForm key={incident.sessionId} incident={incident} onDone={onClose} />}
    </Dialog>
  );
}

function ResolveForm({ incident, onDone }: { incident: VendIncident; onDone: () => void }) {
  const t = useMessages(adminPanels).incidents;
  const [ml, setMl] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const resolve = useResolveIncident(incident.sessionId, {
    onSuccess: (_, { dispensedMl }) => {
      toast({ title: t.resolved, description: dispensedMl ? t.charged(formatInteger(dispensedMl)) : t.released, variant: 'success' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
    },
  });
  const failure = !resolve.error ? null : resolve.error instanceof ApiRequestError ? (resolve.error.serverMessage ?? t.failed) : t.networkError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resolve.isPending) return;
    const dispensedMl = /^\d{1,6}$/.test(ml.trim()) ? Number(ml.trim()) : Number.NaN;
    const next: Record<string, string> = {};
    if (Number.isNaN(dispensedMl)) next.dispensedMl = t.wholeMl;
    else if (dispensedMl > incident.maxMl) next.dispensedMl = t.atMost(formatInteger(incident.maxMl));
    if (!note.trim()) next.note = t.noteRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    resolve.mutate({ dispensedMl, note: note.trim() });
  };

  return (
    <form id="resolve-incident-form" onSubmit={submit} noValidate aria-label={t.dialogTitle} aria-busy={resolve.isPending} className="space-y-4">
      <p className="text-sm text-slate-600">{problemInWords(incident, t)}.</p>
      <StationPayload incident={incident} />
      <TextField label={t.ml} inputMode="numeric" value={ml} onChange={(e) => setMl(e.target.value)} error={errors.dispensedMl} hint={t.mlHint(formatInteger(incident.maxMl))} />
      <TextAreaField label={t.note} required rows={2} value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} placeholder={t.notePlaceholder} />
      {failure && <InlineAlert tone="error">{failure}</InlineAlert>}
    </form>
  );
}
