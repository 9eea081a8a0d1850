import { paidSessionId } from '@functions/vending/domain/vend-paid';
import { PATHS, type PathName, type Sim, type SimGuestOrder, type SimSession, type SimUser } from './kit';

/**
 * After the refill: "I didn't get my water" on wallet vends and on guest receipts (credited at once on the station's
 * own word, else decided by an admin, sometimes two decisions at once), guest receipts kept in an account while the
 * claim's credit is on its way back through the gateway, and refunds the gateway refused paid out by an admin while
 * an account keeps the receipt. Each race must hand every rupiah over once.
 */

const CLAIM_KINDS = ['not_dispensed', 'dispensed_less', 'tasted_wrong'] as const;

export function claimsAndReceipts(sim: Sim, read: (order: SimGuestOrder) => ReturnType<Sim['api']>) {
  const { rnd, api, svc, paths, records } = sim;
  const admin = { token: sim.adminToken };
  /** Receipts an account kept, and held refunds paid out: each handed over once. */
  const kept = new Set<string>();

  /** An admin decides a pending claim: credit up to what it charged, or decline; sometimes two decisions at once (one wins). */
  const decide = async (path: PathName, sessionId: string) => {
    const claim = (await api(`/api/admin/claims/${encodeURIComponent(sessionId)}`, admin)).body?.claim;
    if (claim?.status !== 'pending') return;
    const decision = () => (rnd.chance(0.7)
      ? { decision: 'credit', amount: rnd.int(1, claim.chargedIdr), reason: 'Checked the station counters' }
      : { decision: 'decline', reason: 'The readings show a full fill' });
    const twice = rnd.chance(0.2);
    const answers = await Promise.all((twice ? [decision(), decision()] : [decision()]).map((json) =>
      api(`/api/admin/claims/${encodeURIComponent(sessionId)}/resolve`, { method: 'POST', ...admin, json })));
    const ok = answers.filter((a) => a.status === 200);
    if (ok.length !== 1 || answers.some((a) => a.status !== 200 && a.status !== 409)) {
      return paths.unexplained(path, `claim decision on ${sessionId}: ${answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join('; ')}`);
    }
    paths.outcome(path, `admin ${ok[0]!.body.status === 'credited' ? 'credited' : 'declined'}${twice ? ' (two decisions at once, one won)' : ''}`);
  };

  /** Path wallet claim: a person claims one of their vends. */
  const walletClaim = async (session: SimSession, owner: SimUser) => {
    const path = PATHS.walletClaim;
    records.claims.set(session.id, path);
    paths.operation(path);
    const res = await api(`/api/vends/${encodeURIComponent(session.id)}/claim`, { method: 'POST', token: owner.token, json: { kind: rnd.pick(CLAIM_KINDS) } });
    if (res.status === 409) return paths.outcome(path, 'refused (409): charged nothing, or claimed already');
    if (res.status !== 201) return paths.unexplained(path, `claim on ${session.id}: ${res.status} ${JSON.stringify(res.body)}`);
    paths.outcome(path, res.body.status === 'credited' ? 'credited at once (the station\'s record supports it)' : 'queued for an admin');
    if (res.body.status === 'pending') sim.defer(path, rnd.int(0, 2), () => decide(path, session.id));
  };

  /** Path guest claim: "I didn't get my water" from a guest receipt; the credit goes back through the gateway. */
  const guestClaim = async (guest: SimGuestOrder) => {
    const path = PATHS.guestClaim;
    const sessionId = paidSessionId(guest.id);
    records.claims.set(sessionId, path);
    paths.operation(path);
    const res = await api(`/api/guest/orders/${encodeURIComponent(guest.id)}/claims`, { method: 'POST', json: { secret: guest.secret, kind: rnd.pick(CLAIM_KINDS), whatsapp: '+6281234567890' } });
    if (res.status === 409) return paths.outcome(path, 'refused (409): the order charged nothing, or claimed already');
    if (res.status !== 201) return paths.unexplained(path, `guest claim on ${guest.id}: ${res.status} ${JSON.stringify(res.body)}`);
    const status = res.body.claim?.status;
    paths.outcome(path, status === 'credited' ? 'credited at once (the station\'s record supports it)' : 'queued for an admin');
    // An admin decides later, unless a receipt keeper races the decision (path receipt kept); the guest reads the receipt after.
    if (status === 'pending' && rnd.chance(0.5)) sim.defer(path, rnd.int(0, 2), async () => {
      await decide(path, sessionId);
      await read(guest);
    });
  };

  /** Keeps a receipt in `keeper`'s account: 200 once for that account, 409 for another or after a payout. */
  const keep = (guest: SimGuestOrder, keeper: SimUser) =>
    api(`/api/guest/orders/${encodeURIComponent(guest.id)}/claim`, { method: 'POST', token: keeper.token, json: { secret: guest.secret } });

  /**
   * Path receipt kept: an account keeps a finished receipt; with a claim pending on it, an admin credits the claim and
   * the guest reads the receipt at the same moment, so the credit races on its way back through the gateway.
   */
  const receiptKept = async (guest: SimGuestOrder, keeper: SimUser, other: SimUser) => {
    const path = PATHS.receiptKept;
    paths.operation(path);
    kept.add(guest.id);
    const sessionId = paidSessionId(guest.id);
    const pending = (await api(`/api/admin/claims/${encodeURIComponent(sessionId)}`, admin)).body?.claim?.status === 'pending';
    const credit = { decision: 'credit', amount: 1 + Math.floor(((await svc.vendSessions.get(sessionId))?.charged ?? 0) / 2), reason: 'Half a fill' };
    const [kept1] = await Promise.all([
      keep(guest, keeper),
      pending ? api(`/api/admin/claims/${encodeURIComponent(sessionId)}/resolve`, { method: 'POST', ...admin, json: credit }) : null,
      pending ? read(guest) : null,
    ]);
    if (kept1.status !== 200) return paths.unexplained(path, `keeping ${guest.id}: ${kept1.status} ${JSON.stringify(kept1.body)}`);
    paths.outcome(path, `${pending ? 'kept while its claim credit was on its way back' : 'kept'}: ${kept1.body.creditedIdr > 0 ? 'held money became wallet credit' : 'impact only'}`);
    // The same account again answers the same; another account is refused.
    const [again, another] = await Promise.all([keep(guest, keeper), keep(guest, other)]);
    if (again.status !== 200 || again.body.creditedIdr !== kept1.body.creditedIdr) paths.unexplained(path, `keeping ${guest.id} again: ${again.status} ${JSON.stringify(again.body)}`);
    if (another.status !== 409) paths.unexplained(path, `another account keeping ${guest.id}: ${another.status} ${JSON.stringify(another.body)}`);
    if (pending) await read(guest);
  };

  /** Path guest refund payout: an admin pays out what the gateway refused to refund, sometimes while an account keeps the receipt. */
  const guestRefundPayout = async (guest: SimGuestOrder, keeper: SimUser) => {
    const path = PATHS.guestRefundPayout;
    paths.operation(path);
    kept.add(guest.id);
    const race = rnd.chance(0.5);
    const [payout, keeping] = await Promise.all([
      api(`/api/admin/guest-refunds/${encodeURIComponent(guest.id)}/pay-out`, { method: 'POST', ...admin, json: { note: 'Sent by bank transfer' } }),
      race ? keep(guest, keeper) : null,
    ]);
    const keptMoney = keeping?.status === 200 && keeping.body.creditedIdr > 0;
    const paid = payout.status === 200;
    const answersKnown = [200, 409].includes(payout.status) && (!keeping || [200, 409].includes(keeping.status));
    // Exactly one of them takes the held money (a keeper with nothing to take only adds the impact).
    if (!answersKnown || (paid && keptMoney) || (!paid && !keptMoney && !(keeping?.status === 200))) {
      return paths.unexplained(path, `payout of ${guest.id}: ${payout.status} ${JSON.stringify(payout.body)}; keep: ${keeping?.status} ${JSON.stringify(keeping?.body)}`);
    }
    paths.outcome(path, paid ? (race ? 'paid out; the keeper got the impact only, or was refused' : 'paid out') : 'the keeper took it first; payout refused (409)');
  };

  return { walletClaim, guestClaim, receiptKept, guestRefundPayout, kept };
}
