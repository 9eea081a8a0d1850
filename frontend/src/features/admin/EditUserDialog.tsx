import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { RUPIAH_PER_POINT } from '../../../../shared/constants';
import type { AdminUser } from '../../../../shared/schemas';
import { adminApi, refreshStats } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { formatInteger, formatLitres, formatRupiah, parsePoints, rupiahToPoints } from './format';
import { Button, InlineAlert, Modal, ReadOnly, TextAreaField, TextField } from './ui';

const REASONS = ['Refund for a failed refill', 'Correction of a payment error', 'Goodwill credit'];

/**
 * Edit User: user ID and environmental impact read-only; username required; balance in points. A balance
 * change needs a reason and becomes a ledger adjustment under the admin's name (refunds too).
 */
export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal open={Boolean(user)} onClose={onClose} title="Edit User" description={user?.email ?? undefined} size="lg" footer={
      <>
        <Button variant="ghost" onClick={onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="edit-user-form">Save Changes</Button>
      </>
    }>
      {user && <EditUserForm user={user} onDone={onClose} />}
    </Modal>
  );
}

function EditUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const currentPoints = rupiahToPoints(user.balance);
  const [username, setUsername] = useState(user.username);
  const [points, setPoints] = useState(String(currentPoints));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // One key per opened form: a double submit is one adjustment.
  const idempotencyKey = useRef(crypto.randomUUID()).current;

  const newPoints = parsePoints(points);
  const changed = newPoints !== currentPoints;
  const delta = newPoints * RUPIAH_PER_POINT - user.balance;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: Record<string, string> = {};
    if (!username.trim()) next.username = 'Username is required';
    if (changed && !reason.trim()) next.reason = 'A reason is required to change the balance';
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await adminApi.updateUser(
        user.id,
        { username: username.trim(), ...(changed ? { balance: newPoints * RUPIAH_PER_POINT, reason: reason.trim() } : {}) },
        idempotencyKey,
      );
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }), queryClient.invalidateQueries({ queryKey: ['admin', 'transactions'] }), refreshStats(queryClient)]);
      toast({ title: 'User updated', description: changed ? `Balance adjusted by ${formatRupiah(delta)}.` : `${username.trim()} was saved.`, variant: 'success' });
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        if (error.body?.fields) setErrors(error.body.fields);
        setFailure(error.serverMessage ?? 'Failed to update user');
      } else setFailure('Network error occurred');
      setBusy(false);
    }
  };

  const impact = user.environmentalImpact;
  return (
    <form id="edit-user-form" onSubmit={submit} noValidate aria-label="Edit user" aria-busy={busy} className="space-y-5">
      <dl className="grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100 sm:grid-cols-[2fr_1fr_1fr_1fr]">
        <ReadOnly label="User ID" value={user.id} mono />
        <ReadOnly label="Litres refilled" value={formatLitres(impact.litersRefilled)} />
        <ReadOnly label="Bottles saved" value={formatInteger(impact.plasticBottlesSaved)} />
        <ReadOnly label="CO₂ saved" value={`${impact.co2Saved.toLocaleString('id-ID')} kg`} />
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Username" required value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} autoComplete="off" />
        <TextField
          label="Balance (points)"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={points}
          onChange={(e) => setPoints(e.target.value)}
          error={errors.balance}
          hint={`Now ${formatInteger(currentPoints)} points (${formatRupiah(user.balance)}); 1 point = Rp 100`}
        />
      </div>
      {changed && (
        <div className="space-y-3 rounded-xl bg-amber-50/60 p-4 ring-1 ring-amber-200">
          <p className="text-sm text-amber-900">
            This writes a ledger <strong>adjustment</strong> of{' '}
            <strong className={delta < 0 ? 'text-red-700' : 'text-emerald-700'}>{delta > 0 ? '+' : ''}{formatRupiah(delta)}</strong> under your name. The balance is never
            overwritten.
          </p>
          <TextAreaField
            label="Reason"
            required
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
            placeholder="e.g. Refund for a failed refill at Sindhu Beach"
          />
          <div className="flex flex-wrap gap-1.5">
            {REASONS.map((r) => (
              <button key={r} type="button" onClick={() => setReason(r)} className="rounded-full bg-white px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:text-brand-700 hover:ring-brand-300">
                {r}
              </button>
            ))}
          </div>
        </div>
      )}
      {failure && <InlineAlert tone="error">{failure}</InlineAlert>}
    </form>
  );
}
