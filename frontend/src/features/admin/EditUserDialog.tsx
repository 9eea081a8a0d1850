import { useRef, useState, type FormEvent } from 'react';
import type { AdminUser } from '@shared/schemas/user';
import { useReloadUser, useUpdateUser } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { adminUsers } from '../../i18n/admin-users';
import { useMessages } from '../../i18n/messages';
import { toast } from '../../components/toast';
import { formatInteger, formatKg, formatLitres, formatRupiah, parseRupiah } from './format';
import { Button, Dialog, InlineAlert, ReadOnly, TextAreaField, TextField } from '@frontend/components/ui';

// The server's only 409 here: the balance moved after the dialog was opened (a top-up, a refill), the adjustment was
// not made. Its message is in the chosen language (Accept-Language), so the status tells it, not the text.
const BALANCE_CHANGED_STATUS = 409;


/**
 * Edit User: user ID and environmental impact read-only; username required; the balance is changed by an
 * amount in rupiah (add or take away), with a reason, as a ledger adjustment under the admin's name. The
 * adjustment is made only while the balance is still the one shown here: if a top-up or a refill moved it
 * meanwhile, the server answers 409 and the dialog offers to reload the balance instead of overwriting it.
 */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const t = useMessages(adminUsers).dialog;
  return (
    <Dialog open={Boolean(user)} onClose={onClose} title={t.title} description={user?.email ?? undefined} size="lg" footer={
      <>
        <Button variant="ghost" onClick={onClose}>{t.cancel}</Button>
        <Button variant="primary" type="submit" form="edit-user-form">{t.save}</Button>
      </>
    }>
      {user && <EditUserForm key={user.id} user={user} onDone={onClose} />}
    </Dialog>
  );
}

function EditUserForm({ user: opened, onDone }: { user: AdminUser; onDone: () => void }) {
  const t = useMessages(adminUsers).dialog;
  /** The user as last read: the balance the adjustment is made against. */
  const [user, setUser] = useState(opened);
  const [username, setUsername] = useState(opened.username);
  const [direction, setDirection] = useState<'add' | 'take'>('add');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  // One key per adjustment decided: a double submit is one adjustment; reloading the balance starts a new decision.
  const idempotencyKey = useRef(crypto.randomUUID());

  const parsed = amountText.trim() === '' ? 0 : parseRupiah(amountText);
  const changed = parsed !== 0;
  const delta = Number.isNaN(parsed) ? 0 : direction === 'add' ? parsed : -parsed;

  /** Reads the balance again (GET /api/admin/users/{id}): a new decision, with a new idempotency key. */
  const reload = useReloadUser(user.id, {
    onMutate: () => save.reset(),
    onSuccess: (fresh) => {
      setUser(fresh);
      idempotencyKey.current = crypto.randomUUID();
      setStale(false);
    },
  });

  const save = useUpdateUser(user.id, () => idempotencyKey.current, {
    onSuccess: () => {
      toast({ title: t.updated, description: changed ? t.adjustedBy(`${delta > 0 ? '+' : ''}${formatRupiah(delta)}`) : t.wasSaved(username.trim()), variant: 'success' });
      onDone();
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError)) return;
      if (error.status === BALANCE_CHANGED_STATUS) setStale(true);
      const fields = error.body?.fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^adjustment\./, ''), v])));
    },
  });
  const busy = save.isPending || reload.isPending;
  const failure = reload.error
    ? t.reloadFailed
    : !save.error
      ? null
      : save.error instanceof ApiRequestError
        ? (save.error.serverMessage ?? t.updateFailed)
        : t.networkError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    reload.reset();
    const next: Record<string, string> = {};
    if (!username.trim()) next.username = t.usernameRequired;
    if (Number.isNaN(parsed)) next.amount = t.wholeRupiah;
    else if (direction === 'take' && parsed > user.balance) next.amount = t.atMost(formatRupiah(user.balance));
    if (changed && !reason.trim()) next.reason = t.reasonRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate({ username: username.trim(), ...(changed ? { adjustment: { amount: delta, expectedBalance: user.balance, reason: reason.trim() } } : {}) });
  };

  const impact = user.environmentalImpact;
  return (
    <form id="edit-user-form" onSubmit={submit} noValidate aria-label={t.form} aria-busy={busy} className="space-y-5">
      <dl className="grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100 sm:grid-cols-[2fr_1fr_1fr_1fr]">
        <ReadOnly label={t.userId} value={user.id} mono />
        <ReadOnly label={t.litres} value={formatLitres(impact.litersRefilled)} />
        <ReadOnly label={t.bottles} value={formatInteger(impact.plasticBottlesSaved)} />
        <ReadOnly label={t.co2} value={formatKg(impact.co2Saved)} />
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t.username} required value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} autoComplete="off" />
        <div>
          <p className="text-sm font-medium text-slate-700">{t.balance}</p>
          <p className="mt-1.5 text-2xl font-bold tabular-nums text-slate-900" data-testid="admin-balance">{formatRupiah(user.balance)}</p>
          {user.owed > 0 && <p className="text-xs font-medium text-red-700" data-testid="admin-owed">{t.owed(formatRupiah(user.owed))}</p>}
        </div>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">{t.adjust}</legend>
        <div className="flex flex-wrap items-start gap-3">
          <div role="radiogroup" aria-label={t.direction} className="mt-[1.625rem] inline-flex h-10 rounded-lg bg-slate-100 p-1 text-sm font-medium">
            {(['add', 'take'] as const).map((d) => (
              <button
                key={d}
                type="button"
                role="radio"
                aria-checked={direction === d}
                onClick={() => setDirection(d)}
                className={`rounded-md px-3 ${direction === d ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-500 hover:text-slate-800'}`}
              >
                {d === 'add' ? t.add : t.take}
              </button>
            ))}
          </div>
          <TextField
            label={t.amount}
            className="min-w-40 flex-1"
            inputMode="numeric"
            placeholder={t.amountPlaceholder}
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            error={errors.amount}
            hint={t.amountHint}
          />
        </div>
      </fieldset>
      {changed && !Number.isNaN(parsed) && (
        <div className="space-y-3 rounded-xl bg-amber-50/60 p-4 ring-1 ring-amber-200">
          <p className="text-sm text-amber-900">
            {t.writesBefore}<strong>{t.adjustment}</strong>{t.writesOf}
            <strong className={delta < 0 ? 'text-red-700' : 'text-emerald-700'}>{delta > 0 ? '+' : ''}{formatRupiah(delta)}</strong>{t.writesUnder(formatRupiah(user.balance))}
            <strong>{formatRupiah(user.balance + delta)}</strong>{t.writesAfter}
          </p>
          <TextAreaField
            label={t.reason}
            required
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
            placeholder={t.reasonPlaceholder}
          />
          <div className="flex flex-wrap gap-1.5">
            {t.reasons.map((r) => (
              <button key={r} type="button" onClick={() => setReason(r)} className="rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-300">
                {r}
              </button>
            ))}
          </div>
        </div>
      )}
      {failure && (
        <InlineAlert tone="error">
          {stale ? t.stale : failure}
          {stale && <Button className="ml-3" size="sm" onClick={() => reload.mutate()}>{t.reloadBalance}</Button>}
        </InlineAlert>
      )}
    </form>
  );
}
