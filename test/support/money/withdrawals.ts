import { keys } from '@functions/platform/adapters/dynamodb/keys';
import * as walletTexts from '@functions/wallet/domain/texts';
import { withdrawalIdFor } from '@functions/wallet/domain/withdrawals';
import { PATHS, sleep, until, type PathName, type Sim, type SimUser, type SimWithdrawal } from './kit';

/**
 * Money out of the wallet and the admin's hand on it: withdrawals (the whole balance reserved, refunded to the
 * top-ups through a gateway that answers 503 and loses answers, so some are cut off and resumed with the same key
 * later), raced by the same person's vends and purchases; an interrupted one taken over after its lock went stale; the
 * payout requests an admin marks paid or returns to the wallet, sometimes two admins at once; and admin adjustments
 * against the balance the admin saw.
 */

/** How long a withdrawal's lock lasts before another may take it over, and a minute more. */
const STALE_LOCK_MS = 16 * 60_000;
/** Withdrawals whose first refund the gateway is told to fail, beside its faults at random. */
const CUT_OFF = 0.35;

export function accountPaths(sim: Sim, topUp: (user: SimUser, amount: number) => Promise<void>) {
  const { rnd, api, svc, paths, records } = sim;
  const admin = { token: sim.adminToken };
  const balanceOf = async (sub: string) => (await svc.users.get(sub))?.balance ?? 0;
  const userOf = (sub: string) => sim.users.find((u) => u.sub === sub)!;
  /** Where each user asks the team to send a payout: a bank account or an e-wallet number, by the user. */
  const destinationOf = (user: SimUser) => {
    const n = sim.users.indexOf(user);
    return n % 2 === 0
      ? { kind: 'bank', bankCode: '014', accountNumber: `88${String(n).padStart(8, '0')}`, accountHolder: `Sim user ${n}` }
      : { kind: 'ewallet', provider: 'dana', phone: `0812${String(n).padStart(8, '0')}` };
  };
  const post = (user: SimUser, key: string, expectedBalance: number) =>
    api('/api/wallet/withdrawals', { method: 'POST', token: user.token, headers: { 'idempotency-key': key }, json: { expectedBalance, payoutDestination: destinationOf(user) } });
  /** Interrupted withdrawals another request is already carrying on (resumed, or taken over). */
  const handled = new Set<SimWithdrawal>();

  /**
   * What an answer to a withdrawal request means for the simulation: completed, interrupted by the gateway (resumed
   * with the same key one to three waves later, unless taken over), or refused with a reason the rules give.
   */
  const settle = async (w: SimWithdrawal, res: Awaited<ReturnType<typeof post>>, resumed: boolean): Promise<'completed' | 'interrupted' | 'balance changed' | 'refused'> => {
    const user = userOf(w.userSub);
    const message = res.body?.message as string | undefined;
    w.answers.push(`${new Date().toISOString().slice(11, 23)} ${res.status} ${message ?? res.body?.status}${resumed ? ' (resumed)' : ''}`);
    if (res.status === 201) {
      w.state = 'completed';
      user.withdrawing = false;
      paths.outcome(w.path, `completed${resumed ? ' when resumed' : ''}: ${res.body.refundIdr > 0 ? 'refunded' : 'nothing refunded'}${res.body.payoutIdr > 0 ? ', a payout request' : ''}`);
      return 'completed';
    }
    if (res.status === 503) {
      w.state = 'interrupted';
      paths.outcome(w.path, `cut off by the gateway (503)${resumed ? ' again' : ''}: reserved, to be resumed`);
      sim.defer(w.path, rnd.int(1, 3), () => resume(w));
      return 'interrupted';
    }
    if (res.status === 409 && message === walletTexts.balanceChanged.en) {
      paths.outcome(w.path, 'the balance changed meanwhile (409, a vend, purchase or top-up raced it)');
      return 'balance changed';
    }
    if (res.status === 409 && message === walletTexts.withdrawalVoided.en) {
      w.state = 'voided';
      paths.outcome(w.path, 'resumed after it was taken over: refused (409, voided)');
      return 'refused';
    }
    if (res.status === 409 && (message === walletTexts.nothingToWithdraw.en || message === walletTexts.withdrawalInProgress.en)) {
      user.withdrawing = false;
      paths.outcome(w.path, `refused (409): ${message}`);
      return 'refused';
    }
    paths.unexplained(w.path, `withdrawal ${w.key} of ${w.userSub}: ${res.status} ${JSON.stringify(res.body)}`);
    user.withdrawing = false;
    return 'refused';
  };

  /**
   * Asks for a withdrawal of the whole balance as the app shows it, reloading and asking again when the balance changed
   * meanwhile (at most three times). Now and then the gateway is told to fail the first planned refund (a 503, or an
   * answer lost after the refund was made), so that withdrawals are cut off half done.
   */
  const ask = async (user: SimUser, path: PathName) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt) await sleep(rnd.int(200, 600));
      const plan = await api('/api/wallet/withdrawal-plan', { token: user.token });
      const balance = plan.body?.balanceIdr ?? 0;
      if (balance <= 0) {
        paths.outcome(path, 'nothing to withdraw');
        user.withdrawing = false;
        return;
      }
      const first = (plan.body.refunds as { orderId: string }[])[0];
      if (first && rnd.chance(CUT_OFF)) await sim.gateway.failNextRefunds(first.orderId, [rnd.pick(['unavailable', 'timeout'] as const)]);
      const key = crypto.randomUUID();
      const w: SimWithdrawal = { key, userSub: user.sub, expectedBalance: balance, path, id: withdrawalIdFor(user.sub, key), state: 'refused', answers: [] };
      records.withdrawals.push(w);
      if ((await settle(w, await post(user, w.key, balance), false)) !== 'balance changed') return;
    }
    user.withdrawing = false;
  };

  /** The same request again (the app retries with its Idempotency-Key): finishes what the gateway interrupted. */
  const resume = async (w: SimWithdrawal) => {
    if (handled.has(w) || w.state !== 'interrupted') return;
    handled.add(w);
    try {
      await settle(w, await post(userOf(w.userSub), w.key, w.expectedBalance), true);
    } finally {
      handled.delete(w);
    }
  };

  /** Path withdrawal. */
  const withdrawal = async (user: SimUser) => {
    paths.operation(PATHS.withdrawal);
    user.withdrawing = true;
    await ask(user, PATHS.withdrawal);
  };

  /**
   * Path stale withdrawal: an interrupted withdrawal nobody resumed; its lock is moved back as if 16 minutes had
   * passed, and its user asks for a new one, reloading while a vend or top-up changes the balance under the request.
   * The stale one is voided (what the gateway refunded before the interruption taken from it, the rest back in the
   * wallet), so the balance asked for changed (409) unless nothing came back; its key is refused from then on, and the
   * user withdraws what is in the wallet again.
   */
  const staleWithdrawal = async (w: SimWithdrawal) => {
    const path = PATHS.staleWithdrawal;
    paths.operation(path);
    handled.add(w);
    const user = userOf(w.userSub);
    try {
      if ((await sim.withdrawals.lockOf(user.sub))?.withdrawalId !== w.id) {
        paths.outcome(path, 'finished meanwhile: nothing to take over');
        return;
      }
      // A new withdrawal needs something in the wallet to withdraw.
      if ((await balanceOf(user.sub)) <= 0) {
        await topUp(user, 10_000);
        if ((await until(() => balanceOf(user.sub), (b) => b > 0, 10_000)) <= 0) {
          paths.outcome(path, 'nothing in the wallet to take it over with (left to be resumed)');
          return;
        }
      }
      await sim.backdate(keys.withdrawing(user.sub), 'startedAt', STALE_LOCK_MS);
      const stale = async () => sim.withdrawals.get(w.id);
      const staleState = async () => (await stale())?.status;
      const started = new Date().toISOString().slice(11, 23);
      let last: Awaited<ReturnType<typeof settle>> = 'refused';
      const answers: string[] = [];
      for (let attempt = 0; attempt < 4 && (await staleState()) === 'processing'; attempt++) {
        if (attempt) await sleep(rnd.int(200, 600));
        const balance = await balanceOf(user.sub);
        if (balance <= 0) break;
        const key = crypto.randomUUID();
        const taker: SimWithdrawal = { key, userSub: user.sub, expectedBalance: balance, path, id: withdrawalIdFor(user.sub, key), state: 'refused', answers: [] };
        records.withdrawals.push(taker);
        const answer = await post(user, taker.key, balance);
        answers.push(`${answer.status} ${answer.body?.message ?? answer.body?.status}`);
        last = await settle(taker, answer, false);
      }
      const voided = (await staleState()) === 'voided';
      const old = await post(user, w.key, w.expectedBalance);
      if (!voided) {
        // Never taken over (the balance kept changing under the new requests, or the wallet was spent): resumed instead.
        paths.outcome(path, 'not taken over: resumed with its key instead');
        await settle(w, old, true);
      } else if (old.status === 409 && old.body?.message === walletTexts.withdrawalVoided.en) {
        w.state = 'voided';
        paths.outcome(path, 'the stale one voided; its key refused from then on (409)');
      } else {
        const record = await stale();
        paths.unexplained(path, `the stale withdrawal ${w.id} (${record?.status}, created ${record?.createdAt.slice(11, 23)}, completed ${record?.completedAt?.slice(11, 23)}; answered ${w.answers.join(', ')}; taken over from ${started}) asked again after the take-over (${answers.join('; ') || 'nothing asked'}): ${old.status} ${JSON.stringify(old.body)}`);
      }
      if (last === 'balance changed') await ask(user, path);
    } finally {
      handled.delete(w);
    }
  };

  /** Path payout: an admin closes a payout request, paid by hand or returned to the wallet; sometimes two admins at once. */
  const payout = async (id: string) => {
    const path = PATHS.payout;
    paths.operation(path);
    const outcome = () => rnd.pick(['paid', 'returned'] as const);
    const twice = rnd.chance(0.25);
    const references = new Set<string>();
    const answers = await Promise.all((twice ? [outcome(), outcome()] : [outcome()]).map((o, i) => {
      const reference = `TRF-${id.slice(3, 11)}-${i}`;
      if (o === 'paid') references.add(reference);
      const json = o === 'paid' ? { outcome: o, transferReference: reference } : { outcome: o, note: 'The user stays' };
      return api(`/api/admin/payouts/${encodeURIComponent(id)}/resolve`, { method: 'POST', ...admin, json });
    }));
    const ok = answers.filter((a) => a.status === 200);
    const closed = ok[0]?.body;
    // The admin saw where to send it (what its user gave), and a paid one keeps the reference one admin typed.
    const fieldsOf = (destination: object | null) => JSON.stringify(Object.entries(destination ?? {}).sort());
    const wrongDestination = closed && fieldsOf(closed.destination) !== fieldsOf(destinationOf(userOf(closed.userId)));
    const wrongReference = closed && (closed.status === 'paid' ? !references.has(closed.transferReference) : closed.transferReference !== null);
    if (ok.length < 1 || answers.some((a) => a.status !== 200 && a.status !== 409) || new Set(ok.map((a) => a.body.status)).size !== 1 || wrongDestination || wrongReference) {
      return paths.unexplained(path, `payout ${id}: ${answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join('; ')}`);
    }
    paths.outcome(path, `${ok[0]!.body.status}${twice ? ' (two admins at once, one decision stood)' : ''}`);
  };

  /** Open payout requests of the simulation's withdrawals, as the admin's page lists them. */
  const openPayouts = async (): Promise<string[]> => {
    const ours = new Set(records.withdrawals.map((w) => w.id));
    const listed = await api('/api/admin/payouts', admin);
    return ((listed.body ?? []) as { id: string }[]).map((p) => p.id).filter((id) => ours.has(id));
  };

  /** Path admin adjustment: goodwill or a debit against the balance the admin saw; a stale view is refused (409). */
  const adjustment = async (user: SimUser, reloaded = false): Promise<void> => {
    const path = PATHS.adjustment;
    if (!reloaded) paths.operation(path);
    const seen = await api(`/api/admin/users/${encodeURIComponent(user.sub)}`, admin);
    if (seen.status !== 200) return paths.unexplained(path, `reading ${user.sub}: ${seen.status} ${JSON.stringify(seen.body)}`);
    const balance = seen.body.balance as number;
    const credit = balance === 0 || rnd.chance(0.55);
    const amount = credit ? rnd.int(1, 5) * 1_000 : -rnd.int(1, balance);
    const stale = rnd.chance(0.1);
    const res = await api(`/api/admin/users/${encodeURIComponent(user.sub)}`, {
      method: 'PATCH', ...admin,
      json: { username: seen.body.username, adjustment: { amount, expectedBalance: stale ? balance + 7 : balance, reason: credit ? 'Goodwill: station out of order' : 'Correction: water taken by hand' } },
    });
    if (res.status === 200) {
      if (stale) return paths.unexplained(path, `an adjustment against a balance never seen was made for ${user.sub}`);
      records.adjustments.push({ userSub: user.sub, amount });
      return paths.outcome(path, credit ? 'credit (goodwill)' : 'debit');
    }
    if (res.status === 409 && res.body?.message === walletTexts.balanceChanged.en) {
      paths.outcome(path, stale ? 'a stale view refused (409)' : 'the balance changed meanwhile (409): nothing written');
      // The admin reloads and decides again, once.
      if (!reloaded) return adjustment(user, true);
      return;
    }
    paths.unexplained(path, `adjusting ${user.sub} by ${amount}: ${res.status} ${JSON.stringify(res.body)}`);
  };

  /** Withdrawals cut off and not yet carried on by another request. */
  const interrupted = () => records.withdrawals.filter((w) => w.state === 'interrupted' && !handled.has(w));

  return { withdrawal, staleWithdrawal, resume, payout, openPayouts, adjustment, interrupted };
}
