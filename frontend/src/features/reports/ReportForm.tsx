import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MAX_REPORT_NOTE_LENGTH, reportCategories } from '@shared/schemas/report';
import { type Machine } from '@shared/schemas/machine';
import { ApiRequestError } from '../../api/client';
import { acceptsPhoto, photoTooLarge, sendProblemReport } from '../../api/reports';
import { reportTexts } from '../../i18n/reports';
import { useMessages } from '../../i18n/messages';
import { stationQueries } from '@frontend/api/stations';

type Category = (typeof reportCategories)[number];

/** The problem report of a station: category, note and an optional photo. */
export function ReportForm({ id, machine, onCancel, onSent }: { id: string; machine: Machine; onCancel: () => void; onSent: () => void }) {
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
      await queryClient.invalidateQueries({ queryKey: stationQueries.all().queryKey });
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
