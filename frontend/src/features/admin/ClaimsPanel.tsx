import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { claimLanguage, type Claim } from '@shared/schemas/claim';
import { adminQueries, useResolveClaim } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { adminClaims } from '../../i18n/claims';
import { useMessages } from '../../i18n/messages';
import { formatDateTime, formatInteger, formatRupiah, formatTemperature, parseRupiah } from './format';
import { Button, Dialog, InlineAlert, TextAreaField, TextField } from '@frontend/components/ui';

/**
 * The claims queue (docs/architecture.md, "Claims"): claims on vends that the station's own record does not support,
 * oldest first. Each is reviewed with the station's readings and connection events around the refill, then credited
 * (up to what the refill charged) or declined with a reason.
 */
export function ClaimsPanel() {
  const t = useMessages(adminClaims);
  const claims = useQuery(adminQueries.pendingClaims());
  const [reviewing, setReviewing] = useState<Claim | null>(null);
  const items = claims.data?.items ?? [];
  return (
    <section aria-labelledby="claims-title" className="mx-6 mt-5 rounded-xl bg-amber-50/60 p-4 ring-1 ring-amber-200" data-testid="claims-queue">
      <h3 id="claims-title" className="text-sm font-semibold text-amber-950">
        {t.title}{items.length > 0 ? ` · ${t.count(items.length)}${claims.data?.nextCursor ? '+' : ''}` : ''}
      </h3>
      <p className="mt-1 text-xs text-slate-700">{t.intro}</p>
      {claims.isError ? (
        <p className="mt-3 text-sm text-red-800">{t.loadError}</p>
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{claims.isPending ? '…' : t.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-amber-100" aria-label={t.title}>
          {items.map((claim) => (
            <li key={claim.sessionId} className="flex flex-wrap items-center gap-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{t.kinds[claim.kind]} · {claim.machineName} <span className="font-mono text-xs text-slate-600">{claim.stationId}</span></p>
                <p className="text-xs text-slate-700">{t.charged(formatRupiah(claim.chargedIdr), formatInteger(claim.dispensedMl))} · {formatDateTime(claim.vendAt)}</p>
                {claim.note && <p className="text-xs text-slate-700">{t.note(claim.note)}</p>}
              </div>
              <Button size="sm" onClick={() => setReviewing(claim)} aria-label={t.reviewLabel(claim.sessionId)}>{t.review}</Button>
            </li>
          ))}
        </ul>
      )}
      <ReviewDialog claim={reviewing} onClose={() => setReviewing(null)} />
    </section>
  );
}

function ReviewDialog({ claim, onClose }: { claim: Claim | null; onClose: () => void }) {
  const t = useMessages(adminClaims);
  return (
    <Dialog open={Boolean(claim)} onClose={onClose} size="lg" title={t.dialogTitle} description={claim ? `${claim.machineName} · ${claim.sessionId}` : undefined} footer={
      <>
        <Button variant="ghost" onClick={onClose}>{t.cancel}</Button>
        <Button variant="primary" type="submit" form="resolve-claim-form">{t.submit}</Button>
      </>
    }>
      {claim && <Review key={claim.sessionId} claim={claim} onDone={onClose} />}
    </Dialog>
  );
}

function Review({ claim, onDone }: { claim: Claim; onDone: () => void }) {
  const t = useMessages(adminClaims);
  const detail = useQuery(adminQueries.claim(claim.sessionId));
  const [decision, setDecision] = useState<'credit' | 'decline'>('credit');
  const [amount, setAmount] = useState(String(claim.chargedIdr));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const max = formatRupiah(claim.chargedIdr);

  const resolve = useResolveClaim(claim.sessionId, {
    onSuccess: () => {
      toast({ title: t.done, variant: 'success' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
    },
  });
  const failure = !resolve.error ? null : resolve.error instanceof ApiRequestError ? (resolve.error.serverMessage ?? t.failed) : t.failed;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resolve.isPending) return;
    const rupiah = parseRupiah(amount);
    const next: Record<string, string> = {};
    if (decision === 'credit' && !(rupiah >= 1 && rupiah <= claim.chargedIdr)) next.amount = t.amountInvalid(max);
    if (!reason.trim()) next.reason = t.reasonRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    resolve.mutate(decision === 'credit' ? { decision, amount: rupiah, reason: reason.trim() } : { decision, reason: reason.trim() });
  };

  const readings = detail.data?.readings ?? [];
  const events = detail.data?.events ?? [];
  return (
    <form id="resolve-claim-form" onSubmit={submit} noValidate aria-label={t.dialogTitle} aria-busy={resolve.isPending} className="space-y-4">
      <p className="text-sm text-slate-700">{t.kinds[claim.kind]} · {t.charged(max, formatInteger(claim.dispensedMl))} · {formatDateTime(claim.vendAt)}</p>
      {claim.note && <p className="text-sm text-slate-700">{t.note(claim.note)}</p>}
      <section aria-label={t.telemetry}>
        <h4 className="text-sm font-semibold text-slate-900">{t.telemetry}</h4>
        {readings.length === 0 ? <p className="mt-1 text-sm text-slate-700">{detail.isPending ? '…' : t.noReadings}</p> : (
          <div className="mt-1 max-h-48 overflow-auto rounded-lg ring-1 ring-slate-200">
            <table className="w-full text-left text-xs" data-testid="claim-readings">
              <thead className="sticky top-0 bg-slate-50 text-slate-700">
                <tr>{Object.values(t.columns).map((c) => <th key={c} scope="col" className="px-2 py-1.5 font-semibold">{c}</th>)}</tr>
              </thead>
              <tbody className="divide-y divide-slate-100 tabular-nums text-slate-800">
                {readings.map((r) => (
                  <tr key={r.at}>
                    <td className="px-2 py-1">{formatDateTime(r.at)}</td><td className="px-2 py-1">{formatInteger(Math.round(r.waterLevel))}</td><td className="px-2 py-1">{formatInteger(Math.round(r.tdsPpm))}</td>
                    <td className="px-2 py-1">{formatTemperature(r.temperatureC)}</td><td className="px-2 py-1">{formatInteger(r.dispensedMl)}</td><td className="px-2 py-1">{r.failures}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <h4 className="mt-3 text-sm font-semibold text-slate-900">{t.events}</h4>
        {events.length === 0 ? <p className="mt-1 text-sm text-slate-700">{detail.isPending ? '…' : t.noEvents}</p> : (
          <ul className="mt-1 text-xs text-slate-800">
            {events.map((e) => <li key={`${e.at}-${e.kind}`}>{formatDateTime(e.at)} · {e.kind}{e.reason ? ` (${e.reason})` : ''}</li>)}
          </ul>
        )}
      </section>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t.decision}</legend>
        <div className="mt-1 flex gap-2">
          {(['credit', 'decline'] as const).map((d) => (
            <label key={d} className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm ring-1 ${decision === d ? 'bg-brand-50 ring-brand-600' : 'ring-slate-300'}`}>
              <input type="radio" name="claim-decision" value={d} checked={decision === d} onChange={() => setDecision(d)} className="h-4 w-4" />
              {d === 'credit' ? t.credit : t.decline}
            </label>
          ))}
        </div>
      </fieldset>
      {decision === 'credit' && <TextField label={t.amount} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} hint={t.amountHint(max)} />}
      <TextAreaField label={t.reason} required rows={2} value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} hint={t.emailLanguage(t.languageNames[claimLanguage(claim)])} />
      {failure && <InlineAlert tone="error">{failure}</InlineAlert>}
    </form>
  );
}
