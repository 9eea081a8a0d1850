import type { Ref } from 'react';
import { ClaimKind } from '@shared/schemas/claim';
import { claimTexts } from '../../i18n/claims';
import { useMessages } from '../../i18n/messages';

/**
 * A claim's two questions, asked alike in the app's claim sheet and on a guest's receipt: what went wrong (one choice)
 * and an optional note. `id` names the fields; `firstChoice` takes the first radio, for a form that focuses it.
 */
export function ClaimKindFields({ id, kind, onKind, note, onNote, firstChoice }: {
  id: string;
  kind: ClaimKind | null;
  onKind: (kind: ClaimKind) => void;
  note: string;
  onNote: (note: string) => void;
  firstChoice?: Ref<HTMLInputElement>;
}) {
  const t = useMessages(claimTexts);
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="sr-only">{t.title}</legend>
        {ClaimKind.options.map((option, i) => (
          <label key={option} className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm ring-1 ${kind === option ? 'bg-brand-50 text-brand-900 ring-brand-600' : 'text-slate-800 ring-slate-300'}`}>
            <input ref={i === 0 ? firstChoice : undefined} type="radio" name={`${id}-kind`} value={option} checked={kind === option} onChange={() => onKind(option)} className="h-5 w-5 accent-brand-700" />
            {t.kinds[option]}
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-800">{t.note}</label>
        <textarea id={`${id}-note`} value={note} maxLength={500} rows={2} placeholder={t.notePlaceholder} onChange={(e) => onNote(e.target.value)} className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm" />
      </div>
    </>
  );
}
