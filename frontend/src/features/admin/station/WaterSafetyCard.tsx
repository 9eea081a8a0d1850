import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { baliDate } from '@shared/bali-time';
import { fieldMessages } from '@shared/schemas/error';
import { SafetyClearInput, SafetyLockInput, SafetyRecordInput, type SafetyRecord } from '@shared/schemas/water-safety';
import { ApiRequestError } from '@frontend/api/client';
import { UploadFailed } from '@frontend/api/uploads';
import { labReportProblem, useClearSafetyLock, useLockStation, useRecordSafety, waterSafetyQueries } from '@frontend/api/water-safety';
import type { adminStation } from '@frontend/i18n/admin-station';
import type { Translation } from '@frontend/i18n/messages';
import { formatDate, formatDateTime, formatDay } from '../format';
import { Button, Card, Pill, SelectField, Spinner, TextAreaField, TextField } from '@frontend/components/ui';
import { getLanguage } from '@frontend/i18n/language';

type Texts = Translation<(typeof adminStation)['en']>;
/** Today in Bali: a visit at 06:00 in Bali is that day's, not UTC's day before. */
const today = () => baliDate();

/**
 * A station's water safety on its admin page (docs/stations.md, "Water safety"): the lock and how to clear it, the
 * last sanitation and when the next is due, the last lab test, a form to record a visit or a test (with the lab's
 * PDF), the history.
 */
export function WaterSafetyCard({ id, t }: { id: string; t: Texts }) {
  const s = t.safety;
  const overview = useQuery(waterSafetyQueries.overview(id));
  const [kind, setKind] = useState<'sanitation' | 'labTest'>('sanitation');
  const [date, setDate] = useState(today);
  const [result, setResult] = useState<'pass' | 'fail'>('pass');
  const [note, setNote] = useState('');
  const [pdf, setPdf] = useState<File | null>(null);
  /** What is wrong with the file chosen last (it is not sent). */
  const [pdfProblem, setPdfProblem] = useState<string | null>(null);
  /** A new key empties the file input once its PDF is recorded. */
  const [pdfInputKey, setPdfInputKey] = useState(0);
  const [phase, setPhase] = useState<'idle' | 'uploading' | 'saving'>('idle');
  const [clearNote, setClearNote] = useState('');
  const [lockNote, setLockNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const failed = (error: unknown) => {
    if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
    setServerError((error instanceof ApiRequestError ? error.serverMessage : undefined) ?? s.failed);
  };
  const record = useRecordSafety(id, setPhase, {
    onSuccess: () => {
      setNote('');
      setPdf(null);
      setPdfInputKey((k) => k + 1);
    },
    // A failure of the upload itself (storage, not the API) says so.
    onError: (error) => (error instanceof UploadFailed ? setServerError(s.uploadFailed) : failed(error)),
    onSettled: () => setPhase('idle'),
  });
  const choosePdf = async (file: File | null) => {
    setServerError(null);
    setPdf(null);
    const problem = file ? await labReportProblem(file) : null;
    const message = problem === 'tooLarge' ? s.labReportTooLarge : problem === 'notPdf' ? s.labReportNotPdf : null;
    setPdfProblem(message);
    setErrors(({ reportKey: _, ...rest }) => (message ? { ...rest, reportKey: message } : rest));
    if (!problem) setPdf(file);
  };
  const clear = useClearSafetyLock(id, { onSuccess: () => setClearNote(''), onError: failed });
  const lock = useLockStation(id, { onSuccess: () => setLockNote(''), onError: failed });
  const submit = <T,>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: Parameters<typeof fieldMessages>[0] } } }, value: unknown, run: (v: T) => void) => (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const parsed = schema.safeParse(value);
    if (!parsed.success) return setErrors(fieldMessages(parsed.error.issues, getLanguage()));
    setErrors({});
    run(parsed.data);
  };

  const data = overview.data;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="font-semibold text-slate-900">{s.title}</h2>
      {!data ? <Spinner className="mt-3 h-5 w-5 text-brand-600" /> : (
        <>
          {data.lock ? (
            <form className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-900" aria-label={s.clearLabel} onSubmit={submit(SafetyClearInput, { note: clearNote }, (v) => clear.mutate(v))}>
              <p className="font-semibold" data-testid="safety-lock">{s.locked(s.reasons[data.lock.reason], formatDateTime(data.lock.at))}</p>
              <p className="mt-1">{data.lock.detail}</p>
              <TextField className="mt-3" label={s.clearNote} value={clearNote} onChange={(e) => setClearNote(e.target.value)} error={errors.note} />
              <Button className="mt-2" type="submit" variant="primary" busy={clear.isPending}>{s.clear}</Button>
            </form>
          ) : (
            <>
              <p className="mt-3 text-sm text-emerald-800">{s.notLocked}</p>
              <form className="mt-2 flex flex-wrap items-end gap-2" aria-label={s.lockLabel} noValidate onSubmit={submit(SafetyLockInput, { note: lockNote }, (v) => lock.mutate(v))}>
                <TextField className="min-w-0 flex-1" label={s.lockNote} value={lockNote} onChange={(e) => setLockNote(e.target.value)} error={errors.note} />
                <Button type="submit" variant="danger" busy={lock.isPending}>{s.lock}</Button>
              </form>
            </>
          )}
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
            <div><dt className="text-xs text-slate-500">{s.lastSanitation}</dt><dd className="font-semibold text-slate-900">{data.lastSanitationAt ? formatDay(data.lastSanitationAt) : s.never}</dd></div>
            <div><dt className="text-xs text-slate-500">{s.nextSanitation}</dt><dd className="font-semibold text-slate-900">{data.sanitationDueAt ? formatDate(data.sanitationDueAt) : s.off}</dd></div>
            <div className="col-span-2"><dt className="text-xs text-slate-500">{s.lastLabTest}</dt><dd className="font-semibold text-slate-900">{data.lastLabTest ? `${formatDay(data.lastLabTest.at)} · ${s.results[data.lastLabTest.result]}` : s.never}</dd></div>
          </dl>

          <form className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2" aria-label={s.recordLabel} noValidate
            onSubmit={submit(SafetyRecordInput, kind === 'labTest' ? { kind, date, result, note } : { kind, date, note }, (v) => (v.kind === 'labTest' && pdfProblem ? setErrors({ reportKey: pdfProblem }) : record.mutate({ input: v, pdf })))}>
            <SelectField label={s.kind} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)} options={[{ value: 'sanitation', label: s.kinds.sanitation }, { value: 'labTest', label: s.kinds.labTest }]} />
            {/* The browser's date control shows its own format: the day is repeated in the console's (issue 36, item 6). */}
            <TextField label={s.date} type="date" value={date} max={today()} onChange={(e) => setDate(e.target.value)} error={errors.date} hint={date ? formatDay(date) : undefined} />
            {kind === 'labTest' && (
              <>
                <SelectField label={s.result} value={result} onChange={(e) => setResult(e.target.value as typeof result)} options={[{ value: 'pass', label: s.results.pass }, { value: 'fail', label: s.results.fail }]} error={errors.result} />
                <PdfField key={pdfInputKey} s={s} error={errors.reportKey} disabled={record.isPending} onChoose={(file) => void choosePdf(file)} />
              </>
            )}
            <TextAreaField className="sm:col-span-2" label={s.note} hint={s.noteHint} value={note} onChange={(e) => setNote(e.target.value)} error={errors.note} />
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <Button type="submit" variant="primary" className="min-h-11" busy={record.isPending}>{s.record}</Button>
              <span role="status" className="text-sm text-slate-600">{phase === 'uploading' ? s.uploading : phase === 'saving' && pdf ? s.saving : ''}</span>
            </div>
          </form>
          {serverError && <p role="alert" className="mt-2 text-sm font-medium text-red-700">{serverError}</p>}

          <h3 className="mt-4 text-sm font-semibold text-slate-900">{s.history}</h3>
          {data.records.length === 0 ? <p className="mt-2 text-sm text-slate-600">{s.noHistory}</p> : (
            <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label={s.history}>
              {data.records.map((r) => <HistoryRow key={r.id} r={r} s={s} />)}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

/** The lab's PDF: a file input with 44 px targets, its hint or what is wrong with the chosen file. */
function PdfField({ s, error, disabled, onChoose }: { s: Texts['safety']; error?: string; disabled: boolean; onChoose: (file: File | null) => void }) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">{s.labReport}</label>
      <input id={id} type="file" accept="application/pdf" disabled={disabled} aria-invalid={error ? true : undefined} aria-describedby={`${id}-note`}
        onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
        className="block min-h-11 w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border file:border-solid file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-semibold file:text-slate-800" />
      <p id={`${id}-note`} className={`mt-1.5 text-xs ${error ? 'font-medium text-red-600' : 'text-slate-500'}`}>{error ?? s.labReportHint}</p>
    </div>
  );
}

/** A lab test's PDF, through a link that lasts 5 minutes (read again before it ends). */
function LabReportLink({ stationId, recordId, s }: { stationId: string; recordId: string; s: Texts['safety'] }) {
  const link = useQuery(waterSafetyQueries.labReport(stationId, recordId));
  const className = 'inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2';
  if (!link.data) return <span className={`${className} opacity-60`} aria-disabled="true">{s.labReportLink}</span>;
  return <a className={`${className} hover:text-brand-900`} href={link.data.url} target="_blank" rel="noopener noreferrer" data-testid="lab-report-link">{s.labReportLink}</a>;
}

function HistoryRow({ r, s }: { r: SafetyRecord; s: Texts['safety'] }) {
  const tone = r.kind === 'locked' || r.result === 'fail' ? 'red' : r.kind === 'unlocked' ? 'green' : 'blue';
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-center gap-2">
        <Pill tone={tone}>{s.kinds[r.kind]}{r.result ? ` · ${s.results[r.result]}` : ''}</Pill>
        <span className="text-xs text-slate-500">{r.kind === 'locked' || r.kind === 'unlocked' ? formatDateTime(r.date) : formatDay(r.date)} · {r.by.replace(/^(admin|technician):/, '')}</span>
      </div>
      {r.note && <p className="mt-1 break-words text-slate-700">{r.note}</p>}
      {r.labReport && <LabReportLink stationId={r.stationId} recordId={r.id} s={s} />}
    </li>
  );
}
