import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CLAIM_WINDOW_HOURS, type ClaimKind, type ClaimState } from '@shared/schemas/claim';
import { type Transaction } from '@shared/schemas/transaction';
import { formatRupiah } from '@shared/money';
import { ApiRequestError } from '../../api/client';
import { useFileClaim } from '../../api/transactions';
import { claimTexts } from '../../i18n/claims';
import { useMessages } from '../../i18n/messages';
import { formatDateTime } from '../app/format';
import { Dialog } from '@frontend/components/ui';
import { ClaimKindFields } from './ClaimKindFields';

const HOUR_MS = 3_600_000;

/** A purchase of a vend with money on it, charged less than 24 hours ago, not claimed yet (docs/architecture.md, "Claims"). */
export const isClaimable = (t: Transaction, now = Date.now()) =>
  t.type === 'purchase' && Boolean(t.vendId) && !t.claim && t.amount > 0 && now - Date.parse(t.createdAt) < CLAIM_WINDOW_HOURS * HOUR_MS;

/** The claim's state under its history row. */
export function ClaimStateLine({ claim }: { claim: ClaimState }) {
  const t = useMessages(claimTexts);
  const text = claim.status === 'pending' ? t.state.pending : claim.status === 'credited' ? t.state.credited(formatRupiah(claim.creditedIdr)) : t.state.declined(claim.reason ?? '');
  const tone = claim.status === 'credited' ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : claim.status === 'declined' ? 'bg-slate-100 text-slate-800 ring-slate-300' : 'bg-amber-50 text-amber-900 ring-amber-200';
  return <p className={`mt-1.5 inline-block rounded-lg px-2 py-1 text-xs font-medium ring-1 ${tone}`} data-testid="claim-state">{text}</p>;
}

/** The button on a claimable row. */
export function ClaimButton({ onClick }: { onClick: () => void }) {
  const t = useMessages(claimTexts);
  return (
    <button type="button" onClick={onClick} className="mt-1 inline-flex min-h-11 items-center text-left text-xs font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600">
      {t.open}
    </button>
  );
}

/** The small sheet at the bottom of the screen: what went wrong, an optional note, send. Rendered only while open. */
export function ClaimSheet({ transaction, onClose }: { transaction: Transaction; onClose: () => void }) {
  const t = useMessages(claimTexts);
  const id = useId();
  const [kind, setKind] = useState<ClaimKind | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);

  // After the dialog's own focus (its close button): the first choice, what the person came to answer.
  useEffect(() => first.current?.focus(), []);

  const send = useFileClaim(transaction.vendId!);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind || send.isPending) return;
    setError(null);
    send.mutate(
      { kind, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: onClose,
        onError: (failure) => setError(failure instanceof ApiRequestError && failure.serverMessage && failure.status < 500 ? failure.serverMessage : t.failed),
      },
    );
  };

  return (
    <Dialog open placement="sheet" title={t.title} description={t.refill(transaction.machine?.name ?? '', formatDateTime(transaction.createdAt))} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <ClaimKindFields id={id} kind={kind} onKind={setKind} note={note} onNote={setNote} firstChoice={first} />
        {error && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
        <div className="flex gap-2">
          <button type="submit" disabled={!kind || send.isPending} className="inline-flex min-h-11 flex-1 items-center justify-center rounded-full bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            {send.isPending ? t.sending : t.send}
          </button>
          <button type="button" onClick={onClose} className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">{t.cancel}</button>
        </div>
      </form>
    </Dialog>
  );
}
