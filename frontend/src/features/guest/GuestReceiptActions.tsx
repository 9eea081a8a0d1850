import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatRupiah } from '@shared/money';
import type { ClaimKind } from '@shared/schemas/claim';
import { type GuestOrder } from '@shared/schemas/guest';
import { ApiRequestError } from '../../api/client';
import { useFileGuestClaim, useKeepGuestReceipt } from '../../api/guest';
import { userQueries } from '../../api/user';
import { Link } from '../../components/nav';
import { claimTexts } from '../../i18n/claims';
import { guestTexts } from '../../i18n/guest';
import { useLanguage } from '../../i18n/language';
import { useMessages } from '../../i18n/messages';
import { ClaimKindFields } from '../claims/ClaimKindFields';
import { contactOf } from './claim-contact';
import { formatBaliDateTime, formatMillilitres } from './format';

/**
 * The receipt's rows as a PNG (for a phone's photos, where a PDF is hard to find again): each row's label and value as
 * the page shows them, in its language, under the page's title.
 */
async function receiptImage(): Promise<Blob | null> {
  const rows = [...document.querySelectorAll('[data-testid="guest-receipt"] > div')].map((row) => [row.querySelector('dt')?.textContent ?? '', row.querySelector('dd')?.textContent ?? '']);
  const width = 780;
  const line = 56;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = 140 + rows.length * line;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#0f172a';
  context.font = 'bold 40px system-ui, sans-serif';
  context.fillText(document.querySelector('h1')?.textContent ?? '', 40, 80);
  rows.forEach(([label, value], i) => {
    const y = 150 + i * line;
    context.font = '26px system-ui, sans-serif';
    context.fillStyle = '#334155';
    context.textAlign = 'left';
    context.fillText(label ?? '', 40, y);
    context.font = 'bold 26px system-ui, sans-serif';
    context.fillStyle = '#0f172a';
    context.textAlign = 'right';
    context.fillText(value ?? '', width - 40, y, width / 2);
  });
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/**
 * Save the receipt (the browser's print dialog, which saves a PDF too; the page prints without the site's header and
 * footer, or an image of its rows) and share its link (the phone's share sheet, else copied).
 */
export function SaveShareReceipt() {
  const t = useMessages(guestTexts);
  const [copied, setCopied] = useState(false);
  const share = async () => {
    const url = window.location.href.replace(/[?#].*$/, '');
    if (navigator.share) {
      await navigator.share({ title: t.shareTitle, url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  const saveImage = async () => {
    const image = await receiptImage();
    if (!image) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(image);
    link.download = `bali-refill-receipt-${window.location.pathname.split('/').pop()?.split('~')[0] ?? ''}.png`;
    link.click();
    // Given back once the browser has taken the file.
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  };
  const button = 'inline-flex min-h-11 flex-1 items-center justify-center rounded-xl px-4 text-sm font-semibold ring-1 ring-brand-300 text-brand-800 hover:bg-brand-50';
  return (
    <div className="mt-4 flex flex-wrap gap-2 print:hidden">
      <button type="button" onClick={() => window.print()} className={button} data-testid="receipt-save">{t.saveReceipt}</button>
      <button type="button" onClick={() => void saveImage()} className={button} data-testid="receipt-save-image">{t.saveImage}</button>
      <button type="button" onClick={() => void share()} className={button} data-testid="receipt-share">{copied ? t.linkCopied : typeof navigator.share === 'function' ? t.shareReceipt : t.copyReceipt}</button>
    </div>
  );
}

/** The gateway refused the refund: say so plainly, with the amount kept for the guest. */
export function RefundRefusedNotice({ order }: { order: GuestOrder }) {
  const t = useMessages(guestTexts);
  return (
    <div role="status" className="mt-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300" data-testid="refund-refused">
      <p className="font-semibold">{t.refundRefusedTitle}</p>
      <p className="mt-1">{t.refundRefused(formatRupiah(order.heldIdr), order.refundRefusedReason ?? '')}</p>
    </div>
  );
}

/**
 * Keep the receipt in an account (its impact, and any money the gateway would not refund as wallet credit). Signed
 * out: sign up or sign in, which come back here with ?keep=true; signed in: one button, pressed for the guest when
 * they arrive back with ?keep=true.
 */
export function KeepReceipt({ receiptId, order, autoKeep }: { receiptId: string; order: GuestOrder; autoKeep: boolean }) {
  const t = useMessages(guestTexts);
  const language = useLanguage();
  const user = useQuery(userQueries.current());
  const keep = useKeepGuestReceipt(receiptId);
  const signedIn = Boolean(user.data);
  const started = useRef(false);
  useEffect(() => {
    if (autoKeep && signedIn && !order.claimed && !started.current) {
      started.current = true;
      keep.mutate();
    }
  }, [autoKeep, signedIn, order.claimed, keep]);

  const held = order.heldIdr > 0 ? formatRupiah(order.heldIdr) : null;
  const returnHere = `/r/${receiptId}?keep=true`;
  const button = 'flex min-h-11 w-full items-center justify-center rounded-xl px-4 text-sm font-semibold';
  let body;
  if (keep.data) {
    const litres = formatMillilitres(keep.data.dispensedMl, language);
    body = (
      <>
        <p role="status" className="text-sm font-semibold text-brand-900" data-testid="receipt-kept">
          {keep.data.creditedIdr > 0 ? t.keptWithCredit(formatRupiah(keep.data.creditedIdr), litres) : t.kept(litres)}
        </p>
        <Link to="/app" className={`mt-3 bg-brand-700 text-white hover:bg-brand-800 ${button}`}>{t.openWallet}</Link>
      </>
    );
  } else if (order.claimed) {
    body = <p className="text-sm text-brand-900" data-testid="receipt-kept">{t.keptElsewhere}</p>;
  } else if (signedIn) {
    body = (
      <>
        <p className="text-sm text-brand-900">{t.createAccountHint}</p>
        {keep.isError && <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{errorText(keep.error, t.keepFailed)}</p>}
        <button type="button" disabled={keep.isPending} onClick={() => keep.mutate()} className={`mt-3 bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-700 ${button}`}>
          {keep.isPending ? t.keeping : held ? t.keepCreditNow(held) : t.keepNow}
        </button>
      </>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-brand-900">{t.createAccountHint}</p>
        <Link to="/signup" search={{ redirect: returnHere }} className={`mt-3 bg-brand-700 text-white hover:bg-brand-800 ${button}`} data-testid="keep-signup">
          {held ? t.keepAsCredit(held) : t.createAccount}
        </Link>
        <Link to="/signin" search={{ redirect: returnHere }} className={`mt-2 text-brand-800 ring-1 ring-brand-300 hover:bg-white ${button}`}>{t.signInToKeep}</Link>
      </>
    );
  }
  return <div className="mt-6 rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-100 print:hidden">{body}</div>;
}

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.serverMessage && error.status < 500 ? error.serverMessage : fallback;

/** "I didn't get my water" from the receipt, within 24 h of the refill; then the claim's state. */
export function GuestClaim({ receiptId, order }: { receiptId: string; order: GuestOrder }) {
  const t = useMessages(guestTexts);
  const c = useMessages(claimTexts);
  const language = useLanguage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ClaimKind | null>(null);
  const [note, setNote] = useState('');
  const [contactText, setContactText] = useState('');
  const [contactChecked, setContactChecked] = useState(false);
  const contact = contactOf(contactText);
  const send = useFileGuestClaim(receiptId, language);

  if (order.claim) {
    const claim = order.claim;
    const text = claim.status === 'pending' ? c.state.pending : claim.status === 'credited' ? t.claimCredited(formatRupiah(claim.creditedIdr)) : c.state.declined(claim.reason ?? '');
    const tone = claim.status === 'credited' ? 'bg-emerald-50 text-emerald-900 ring-emerald-200' : claim.status === 'declined' ? 'bg-slate-100 text-slate-800 ring-slate-300' : 'bg-amber-50 text-amber-900 ring-amber-200';
    const answerAt = claim.contact?.email ?? claim.contact?.whatsapp;
    return (
      <div role="status" className={`mt-4 rounded-xl px-3 py-2 text-sm font-medium ring-1 ${tone}`} data-testid="guest-claim-state">
        <p>{text}</p>
        {claim.status === 'pending' && answerAt && <p className="mt-1 font-normal" data-testid="guest-claim-received">{t.claimReceived(answerAt)}</p>}
      </div>
    );
  }
  if (!order.claimUntil || Date.now() > Date.parse(order.claimUntil)) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setContactChecked(true);
    if (!kind || !contact || send.isPending) return;
    send.mutate({ kind, ...contact, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200 print:hidden">
      <h2 id={`${id}-title`} className="text-base font-bold text-slate-900">{t.claimTitle}</h2>
      <p className="mt-1 text-sm text-slate-700">{t.claimUntil(t.baliTime(formatBaliDateTime(order.claimUntil, language)))}</p>
      {!open ? (
        <button type="button" onClick={() => setOpen(true)} className="mt-3 inline-flex min-h-11 items-center rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50">
          {c.open}
        </button>
      ) : (
        <form onSubmit={submit} className="mt-3 space-y-3" noValidate data-testid="guest-claim-form">
          <ClaimKindFields id={id} kind={kind} onKind={setKind} note={note} onNote={setNote} />
          <div>
            <label htmlFor={`${id}-contact`} className="block text-sm font-medium text-slate-800">{t.claimContact}</label>
            <p id={`${id}-contact-hint`} className="text-xs text-slate-600">{t.claimContactHint}</p>
            <input id={`${id}-contact`} type="text" inputMode="email" autoComplete="email" value={contactText} onChange={(e) => setContactText(e.target.value)}
              aria-describedby={`${id}-contact-hint${contactChecked && !contact ? ` ${id}-contact-error` : ''}`} aria-invalid={contactChecked && !contact}
              className="mt-1 min-h-11 w-full rounded-xl border border-slate-300 px-3 py-2 text-sm" />
            {contactChecked && !contact && <p id={`${id}-contact-error`} className="mt-1 text-sm text-red-800">{t.claimContactBad}</p>}
          </div>
          {send.isError && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{errorText(send.error, c.failed)}</p>}
          <button type="submit" disabled={!kind || send.isPending} className="inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-700">
            {send.isPending ? c.sending : c.send}
          </button>
        </form>
      )}
    </section>
  );
}
