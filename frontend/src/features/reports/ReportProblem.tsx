import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { MAX_REPORT_NOTE_LENGTH, reportCategories, type Machine } from '@shared/schemas';
import { ApiRequestError } from '../../api/client';
import { acceptsPhoto, photoTooLarge, sendProblemReport } from '../../api/reports';
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

type Category = (typeof reportCategories)[number];

/** A button that opens the report form under the station card; the form sends category, note and an optional photo. */
export function ReportProblem({ machine }: { machine: Machine }) {
  const t = useMessages(reportTexts);
  const [open, setOpen] = useState(false);
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
        <ReportForm id={formId} machine={machine} onCancel={() => setOpen(false)} onSent={() => setSent(true)} />
      )}
    </div>
  );
}

function ReportForm({ id, machine, onCancel, onSent }: { id: string; machine: Machine; onCancel: () => void; onSent: () => void }) {
  const t = useMessages(reportTexts);
  const queryClient = useQueryClient();
  const [category, setCategory] = useState<Category>('no-water');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = (name: string) => `${id}-${name}`;

  const choosePhoto = (file: File | null) => {
    setError(null);
    if (file && !acceptsPhoto(file)) return setError(t.photoWrongType), setPhoto(null);
    if (file && photoTooLarge(file)) return setError(t.photoTooLarge), setPhoto(null);
    setPhoto(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    try {
      await sendProblemReport({ stationId: machine.id, category, note: note.trim() }, photo);
      await queryClient.invalidateQueries({ queryKey: ['machines'] });
      onSent();
    } catch (failure) {
      setError(failure instanceof ApiRequestError && failure.status === 429 ? t.tooMany : failure instanceof ApiRequestError && failure.serverMessage && failure.status === 400 ? failure.serverMessage : t.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form id={id} onSubmit={submit} aria-label={t.title(machine.name)} noValidate className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <h4 className="text-sm font-semibold text-slate-900">{t.title(machine.name)}</h4>
      <div>
        <label htmlFor={field('category')} className="block text-sm font-medium text-slate-800">{t.category}</label>
        <select id={field('category')} value={category} onChange={(e) => setCategory(e.target.value as Category)} className="mt-1 h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm">
          {reportCategories.map((c) => <option key={c} value={c}>{t.categories[c]}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={field('note')} className="block text-sm font-medium text-slate-800">{t.note}</label>
        <textarea id={field('note')} value={note} maxLength={MAX_REPORT_NOTE_LENGTH} rows={3} placeholder={t.notePlaceholder} onChange={(e) => setNote(e.target.value)} className="mt-1 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm" />
      </div>
      <div>
        <label htmlFor={field('photo')} className="block text-sm font-medium text-slate-800">{t.photo}</label>
        <input id={field('photo')} type="file" accept="image/jpeg,image/png,image/webp" aria-describedby={field('photo-hint')} onChange={(e) => choosePhoto(e.target.files?.[0] ?? null)} className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-white file:px-3 file:text-sm file:font-semibold file:text-slate-800 file:ring-1 file:ring-slate-300" />
        <p id={field('photo-hint')} className="mt-1 text-xs text-slate-600">{t.photoHint}</p>
      </div>
      {error && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={sending} className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {sending ? t.sending : t.send}
        </button>
        <button type="button" onClick={onCancel} className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">{t.cancel}</button>
      </div>
    </form>
  );
}
