import { keys } from '@functions/platform/adapters/dynamodb/keys';
import type { Driver, HttpCase, Scenario, TopicCase } from '../drive';
import { guest, mailed } from './guests';
import { is, list, notAdmin, record } from './helpers';

const MINUTE_AGO = () => new Date(Date.now() - 60_000).toISOString();

/** NFC tokens, the stations' vends and what becomes of them: incidents, the sweep, claims (shared/routes/vending.ts). */
export const vending = {
  'Api/generateNfcToken': {
    http: [
      {
        name: 'issues a one-time token to pay at a station, reserving its offline allowance',
        as: 'user',
        expect: 200,
        check: ({ body }, s) => {
          s.values.token1 = String(record(body).token);
          s.values.tokenId1 = String(record(body).tokenId);
          return is(Number(record(body).reservedIdr) > 0, `reserved ${String(record(body).reservedIdr)}`);
        },
      },
      {
        name: 'signs the same token again while it lives unused (one live token per account)',
        as: 'user',
        expect: 200,
        check: ({ body }, s) => is(record(body).tokenId === s.kept('tokenId1'), `a second live token ${String(record(body).tokenId)}`),
      },
      { name: 'refuses a caller below the minimum balance', as: 'admin', expect: 409 },
    ],
  },
  'Stations/vendRequest': {
    topic: ([1, 2, 3] as const)
      .map((n): TopicCase => ({
        name: `authorizes a vend with token ${n} and answers the station on vend/authorized`,
        // Token 1 is the generate driver's; the next is issued once the last was presented.
        before: n === 1 ? undefined : (s: Scenario) => s.issueNfcToken(n),
        topic: (s: Scenario) => `stations/${s.station.id}/vend/request`,
        payload: (s: Scenario) => ({ token: s.kept(`token${n}`), requestId: `parity-${n}` }),
        check: async (result: unknown, s: Scenario) => {
          const outcome = record(result);
          if (outcome.decision !== 'authorized') return `decision ${JSON.stringify(outcome)}`;
          s.values[`session${n}`] = String(outcome.sessionId);
          const reply = await s.reply('vend/authorized', (p) => p.requestId === `parity-${n}`);
          return is(reply?.sessionId === outcome.sessionId, 'the station received no vend/authorized over MQTT');
        },
      }))
      .concat({
        name: 'denies a forged token and answers on vend/denied',
        topic: (s: Scenario) => `stations/${s.station.id}/vend/request`,
        payload: () => ({ token: 'eyJhbGciOiJFUzI1NiJ9.e30.forged', requestId: 'parity-forged' }),
        check: async (result: unknown, s: Scenario) =>
          is(record(result).decision === 'denied', `decision ${JSON.stringify(result)}`) ??
          is(await s.reply('vend/denied', (p) => p.requestId === 'parity-forged'), 'the station received no vend/denied over MQTT'),
      }),
  },
  'Stations/vendComplete': {
    topic: [
      {
        name: 'settles 500 ml',
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: (s) => ({ sessionId: s.kept('session1'), dispensedMl: 500 }),
        check: (result) => is(result === 'settled', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'keeps the hold of a completion above what was authorized (an incident)',
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: (s) => ({ sessionId: s.kept('session3'), dispensedMl: 99_999 }),
        check: (result) => is(result === 'incident', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: "keeps the hold of a guest refill's completion above what was paid (an incident)",
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: (s) => ({ sessionId: guest(s, 'incident').sessionId, dispensedMl: 99_999 }),
        check: (result) => is(result === 'incident', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'settles a guest refill of 500 ml of the 1,000 paid',
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: (s) => ({ sessionId: guest(s, 'completed').sessionId, dispensedMl: 500 }),
        check: (result) => is(result === 'settled', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'drops a completion of a session it does not know',
        topic: (s) => `stations/${s.station.id}/vend/complete`,
        payload: { sessionId: 'no-such-session', dispensedMl: 500 },
        check: (result) => is(result === 'dropped', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Stations/vendStarted': {
    topic: [
      {
        name: 'marks an open session started',
        topic: (s) => `stations/${s.station.id}/vend/started`,
        payload: (s) => ({ sessionId: s.kept('session2') }),
        check: (result) => is(result === 'started', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'treats the same start again as a replay',
        topic: (s) => `stations/${s.station.id}/vend/started`,
        payload: (s) => ({ sessionId: s.kept('session2') }),
        check: (result) => is(result === 'replayed', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'drops a start of a session it does not know',
        topic: (s) => `stations/${s.station.id}/vend/started`,
        payload: { sessionId: 'no-such-session' },
        check: (result) => is(result === 'dropped', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Stations/vendFailed': {
    topic: [
      {
        name: 'releases the hold of a failed dispense',
        topic: (s) => `stations/${s.station.id}/vend/failed`,
        payload: (s) => ({ sessionId: s.kept('session2'), reason: 'pump fault' }),
        check: (result) => is(result === 'released', `outcome ${JSON.stringify(result)}`),
      },
      {
        name: 'treats the same failure again as a replay',
        topic: (s) => `stations/${s.station.id}/vend/failed`,
        payload: (s) => ({ sessionId: s.kept('session2'), reason: 'pump fault' }),
        check: (result) => is(result === 'replayed', `outcome ${JSON.stringify(result)}`),
      },
    ],
  },
  'Api/getNfcToken': {
    http: [
      {
        name: 'follows token 1 to its charge for the 500 ml settled',
        as: 'user',
        params: (s) => ({ id: s.kept('tokenId1') }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'charged' && record(body).dispensedMl === 500, `progress ${JSON.stringify(body)}`),
      },
      {
        name: 'follows token 2 to not used (the station failed)',
        as: 'user',
        params: (s) => ({ id: s.kept('tokenId2') }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'not_used' && record(body).chargedIdr === 0, `progress ${JSON.stringify(body)}`),
      },
      { name: "answers 404 for another person's token", as: 'admin', params: (s) => ({ id: s.kept('tokenId1') }), expect: 404 },
    ],
  },
  'Api/adminListIncidents': {
    http: [
      { name: 'lists the open incident', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((i) => i.sessionId === s.kept('session3') && i.status === 'open'), 'the incident is missing') },
      notAdmin(),
    ],
  },
  'Api/adminResolveIncident': {
    http: [
      ...([['session3', 250], ['guest', 600]] as const).map(([whose, dispensedMl]): HttpCase => ({
        name: `settles the incident with the volume the operator confirmed (${whose === 'guest' ? "a guest's refill" : "a user's"})`,
        as: 'admin',
        params: (s) => ({ id: whose === 'guest' ? guest(s, 'incident').sessionId : s.kept('session3') }),
        body: { dispensedMl, note: "Read from the station's meter log" },
        expect: 200,
        check: ({ body }) => is(record(body).status === 'resolved', `status ${String(record(body).status)}`),
      })),
      { name: 'answers 404 for an unknown incident', as: 'admin', params: { id: 'no-such-session' }, body: { dispensedMl: 0, note: 'x' }, expect: 404 },
    ],
  },
  'Stations/sweep': {
    schedule: [{
      name: 'expires a vend session no station closed in time and releases its hold',
      before: (s) => s.changeItem(keys.vendSession(guest(s, 'polled').sessionId), (item) => ({ ...item, ...keys.openVendSession(MINUTE_AGO()), expiresAt: MINUTE_AGO() })),
      check: (result) => is(Number(record(result).expired) >= 1 && record(result).errors === 0, `sweep ${JSON.stringify(result)}`),
    }],
  },
  'Api/createClaim': {
    http: [
      {
        name: 'queues a claim on the settled vend for an admin',
        as: 'user',
        params: (s) => ({ id: s.kept('session1') }),
        body: { kind: 'dispensed_less', note: 'Parity: half a bottle' },
        expect: 201,
        check: ({ body }) => is(record(body).status === 'pending', `status ${String(record(body).status)}`),
      },
      {
        name: "credits at once a claim the station's own record supports (its incident), and e-mails the outcome",
        as: 'user',
        params: (s) => ({ id: s.kept('session3') }),
        body: { kind: 'dispensed_less' },
        expect: 201,
        check: ({ body }, s) => is(record(body).status === 'credited', `status ${String(record(body).status)}`) ?? is(s.mailTo(s.account[0]!.username).some((subject) => subject.startsWith('Your refill claim')), 'no outcome e-mail'),
      },
      { name: 'answers 404 for a vend that is not the caller\'s', as: 'user', params: { id: 'no-such-session' }, body: { kind: 'not_dispensed' }, expect: 404 },
    ],
  },
  'Api/adminListClaims': {
    http: [
      { name: 'lists the pending claim', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((c) => c.sessionId === s.kept('session1')), 'the claim is missing') },
      notAdmin(),
    ],
  },
  'Api/adminClaimCounts': {
    http: [{ name: 'counts the pending claim', as: 'admin', expect: 200, check: ({ body }) => is(Number(record(body).pending) >= 1, `counts ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminGetClaim': {
    http: [
      { name: "reads the claim with the station's telemetry", as: 'admin', params: (s) => ({ id: s.kept('session1') }), expect: 200, check: ({ body }) => is(Array.isArray(record(body).readings), 'no readings') },
      { name: 'answers 404 for an unknown claim', as: 'admin', params: { id: 'no-such-session' }, expect: 404 },
    ],
  },
  'Api/adminResolveClaim': {
    http: [
      {
        name: 'credits the claim through the ledger',
        as: 'admin',
        params: (s) => ({ id: s.kept('session1') }),
        body: { decision: 'credit', amount: 100, reason: 'Parity: the meter log shows a short pour' },
        expect: 200,
        check: ({ body }) => is(record(body).status === 'credited', `status ${String(record(body).status)}`),
      },
      {
        name: "credits a guest's claim: refunded through the gateway at once, the guest e-mailed",
        as: 'admin',
        params: (s) => ({ id: guest(s, 'completed').sessionId }),
        body: { decision: 'credit', amount: 200, reason: 'Parity: the meter log shows a short pour' },
        expect: 200,
        check: async ({ body }, s) => {
          const order = await s.item(keys.guestOrder(guest(s, 'completed').orderId));
          return is(record(body).status === 'credited', `status ${String(record(body).status)}`) ??
            is(((order?.refundKeys ?? []) as string[]).some((key) => key.endsWith('-claim')), `the credit was not refunded: ${JSON.stringify(order)}`) ?? mailed(s, 'completed', 'Your refill claim');
        },
      },
      { name: 'answers 404 for an unknown claim', as: 'admin', params: { id: 'no-such-session' }, body: { decision: 'decline', reason: 'x' }, expect: 404 },
    ],
  },
} satisfies Record<string, Driver>;
