import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { importSPKI } from 'jose';
import { createDocumentClient } from '@functions/platform/adapters/dynamodb/client';
import { SandboxGateway, sandboxRefunds, sandboxRule } from '@functions/wallet/adapters/sandbox-gateway/gateway';
import { sweepExpiredSessions } from '@functions/vending/domain/vend-sweep';
import type { LocalOutputs } from '@infra/local/stack';
import { sandboxControlClient } from '@infra/local/sandbox-control';
import { serviceEnvironment } from '@infra/local/service-environment';
import { SimStation } from '@infra/local/simulator';
import type { MachineStatus } from '@shared/schemas/machine';
import { newAccountWith, signInWith } from './cognito';
import { claimsAndReceipts } from './money/claims-and-receipts';
import { guestRefills } from './money/guest-refills';
import { checkInvariants, readBook, type InvariantResult } from './money/invariants';
import {
  generator,
  inBatches,
  PathLog,
  PATHS,
  settlesWithin,
  sleep,
  until,
  type Counts,
  type PathName,
  type Sim,
  type SimGuestOrder,
  type SimRecords,
  type SimSession,
  type SimUser,
} from './money/kit';
import { walletPaths, type StationWork } from './money/wallet-vends';
import { offlinePaths } from './money/offline-vends';
import { accountPaths } from './money/withdrawals';

/**
 * The money-conservation simulation (issues 14 and 32; docs/architecture.md, "The money simulation"): every money path
 * over the real broker (simulated stations with their own certificates, speaking docs/station-protocol.md), the HTTP
 * API and DynamoDB Local, with hostile stations (delays, duplicates, reorders, late completions after the sweep,
 * malformed payloads, dropped connections, clock drift) and a hostile gateway (notifications duplicated, reordered,
 * replayed with forged statuses, forged refunds, bad signatures; refunds answered 503, answers lost and slow ones,
 * made by the sandbox's control). The paths (./money/kit.ts, PATHS): wallet vends, remote starts, top-ups; guests'
 * refills (in full, in part, refused refunds, incidents, not started, paid too late, expired and completed late);
 * claims on wallet vends and guest receipts (at once and by an admin); receipts kept while refunds race them; held
 * guest refunds paid out; withdrawals cut off and resumed, raced by vends and purchases, taken over when stale;
 * payouts paid or returned; admin adjustments. Then every invariant of ./money/invariants.ts is read from the table.
 *
 * It runs in waves: each connected station takes one operation (a wallet vend, a remote start or a guest's refill) and
 * a few operations on accounts run beside them; each wave ends with the sweep run as if its 3 minutes had passed, so
 * that completions held back are delivered after it (late), possibly waves later.
 */

export interface MoneyOptions {
  outputs: LocalOutputs;
  /** Operations over every path (vends, orders, top-ups, claims, withdrawals ...), at least. */
  operations: number;
  stations: number;
  users: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface MoneyReport {
  seed: number;
  operations: number;
  /** Paths that ran at least one operation. */
  paths: number;
  notifications: number;
  unexplained: number;
  byPath: Record<string, { operations: number; outcomes: Counts; unexplained: number; examples: string[] }>;
  notificationKinds: Counts;
  invariants: InvariantResult[];
  /** The printed report; its last line is `money: N operations over P paths, M notifications, U unexplained`. */
  lines: string[];
  seconds: number;
}

/** What a connected station does in a wave. */
const STATION_OPERATIONS = {
  [PATHS.walletVend]: 62,
  [PATHS.remoteStart]: 4,
  [PATHS.guestRefill]: 16,
  [PATHS.guestNotStarted]: 3,
  [PATHS.guestPaidTooLate]: 3,
  [PATHS.guestExpiredLate]: 3,
  [PATHS.offlineVend]: 6,
} satisfies Partial<Record<PathName, number>>;

/** What runs on accounts beside the stations, when there is something to run it on. */
const ACCOUNT_OPERATIONS = {
  [PATHS.withdrawal]: 5,
  [PATHS.staleWithdrawal]: 2,
  [PATHS.adjustment]: 4,
  [PATHS.walletClaim]: 4,
  [PATHS.guestClaim]: 3,
  [PATHS.receiptKept]: 3,
  [PATHS.guestRefundPayout]: 2,
  [PATHS.payout]: 3,
} satisfies Partial<Record<PathName, number>>;

/** Operations on accounts per wave, for each connected station. */
const ACCOUNT_OPERATIONS_PER_STATION = 0.3;

/** The gateway's bad day: refunds answered 503, answers lost after the refund was made, slow answers. */
const GATEWAY_FAULTS = { unavailable: 0.1, timeout: 0.1, slow: 0.1, timeoutMs: 400, slowMs: 1_200 };

/** Longer than any operation's own waits (vend answers, settlements, the gateway's slow answers): past it, it hung. */
const HUNG_MS = 120_000;

/** Wallet vends a claim is most telling on: the station's record contradicts itself, or the completion came after the sweep. */
const TELLING_KINDS = new Set(['failedThenCompleted', 'malformedRetry', 'malformedOperator', 'reordered', 'late']);

export async function runMoneySimulation(options: MoneyOptions): Promise<MoneyReport> {
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const rnd = generator(seed);
  const log = options.log ?? (() => undefined);
  const { outputs } = options;
  const { dynamodb, cognito } = outputs;
  const { sandboxServerKey, sandboxControl } = outputs.payments;
  if (outputs.payments.provider !== 'sandbox' || !sandboxServerKey || !sandboxControl) throw new Error('the money simulation needs the sandbox gateway and its control');

  Object.assign(process.env, serviceEnvironment(outputs));
  const { services } = await import('../../infra/local/composition');
  const { vendDeps } = await import('@functions/vending/providers/vend');
  const { withdrawals } = await import('@functions/wallet/providers/repositories/withdrawals');
  const svc = services();
  const settings = await svc.settings.get();
  const db = createDocumentClient({ tableName: dynamodb.tableName, endpoint: dynamodb.endpoint });

  const paths = new PathLog();
  const kinds: Counts = {};
  let posted = 0;
  const api: Sim['api'] = async (path, init = {}) => {
    const response = await fetch(outputs.api + path, {
      method: init.method ?? 'GET',
      headers: { ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  // Entries from now on; the totals are read after, so an entry written in between is counted on both sides.
  const windowStart = new Date().toISOString();
  const totalsBefore = await svc.ledger.totals();

  // --- people and stations ------------------------------------------------------------------------------
  const adminAccount = cognito.accounts.find((a) => a.role === 'admin')!;
  const adminToken = await signInWith(cognito, adminAccount.username, adminAccount.password);
  log(`money: seed ${seed}; creating ${options.users} accounts and ${options.stations} stations`);
  // One at a time: cognito-local rewrites its user store file on every sign-up.
  const users: SimUser[] = await inBatches(Array.from({ length: options.users }, (_, i) => i), async (i) => {
    const account = await newAccountWith(outputs, `money${i}`);
    return { sub: account.sub, token: account.token, thin: i % 4 === 3, topupInFlight: false, withdrawing: false };
  }, 1);
  const base = rnd.int(100_000, 800_000);
  const stationName = (id: string) => `Money station ${id}`;
  const location = 'Jl. Simulasi 1, Denpasar, Bali';
  // One more than asked: the spare, kept out of the waves, is the second offline station a token is shown at.
  const stations = await inBatches(Array.from({ length: options.stations + 1 }, (_, i) => i), async (i) => {
    const id = `MNY-${String(base + i).padStart(6, '0')}`;
    const res = await api('/api/admin/machines', {
      method: 'POST', token: adminToken,
      json: { id, name: stationName(id), location, latitude: '-8.65', longitude: '115.21', status: 'online' },
    });
    if (res.status !== 201) throw new Error(`provisioning ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    const { bundle } = res.body;
    // Clocks: most right, some off within the leeway, some far enough off to need a resync.
    const skew = rnd.weighted({ none: 70, near: 15, far: 15 });
    const clockSkewMs = skew === 'none' ? 0 : skew === 'near' ? rnd.int(-25_000, 25_000) : rnd.pick([rnd.int(-70_000, -40_000), rnd.int(95_000, 120_000)]);
    return new SimStation(
      { id, certificatePem: bundle.certificatePem, privateKeyPem: bundle.privateKeyPem, caPem: bundle.rootCaPem },
      { brokerUrl: bundle.endpoint, vendPublicKey: await importSPKI(bundle.vendPublicKeyPem, 'ES256'), clockSkewMs },
    );
  });
  const spare = stations.pop()!;
  await Promise.all(stations.map(async (s) => {
    await s.connect();
    await s.heartbeat();
  }));
  const heartbeats = setInterval(() => {
    for (const s of stations) if (s.connected) s.heartbeat().catch(() => undefined);
  }, 20_000);
  const setStationStatus = async (stationId: string, status: MachineStatus) => {
    const res = await api(`/api/admin/machines/${stationId}/update`, { method: 'PATCH', token: adminToken, json: { name: stationName(stationId), location, status } });
    if (res.status !== 200) throw new Error(`station ${stationId} to ${status}: ${res.status} ${JSON.stringify(res.body)}`);
  };

  // --- the simulation's shared state --------------------------------------------------------------------
  const records: SimRecords = { sessions: [], orders: [], guestOrders: [], withdrawals: [], claims: new Map(), adjustments: [], offlineAgain: [] };
  const inFlight = new Set<Promise<unknown>>();
  /** Work held back to a later wave: late completions, reconnections, retries, decisions, resumed withdrawals. */
  const later = new Map<number, { path: PathName; job: () => Promise<void> }[]>();
  let wave = 0;
  let draining = false;
  const gateway = sandboxControlClient(sandboxControl);
  const sim: Sim = {
    rnd, log, svc, withdrawals: withdrawals(), vendDeps: vendDeps(), settings, api, adminToken, users, stations, gateway,
    signer: new SandboxGateway({ serverKey: sandboxServerKey }), paths, records,
    track(path, work) {
      const tracked: Promise<unknown> = work
        .catch((error: unknown) => void paths.unexplained(path, `background work: ${(error as Error).message}`))
        .finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    },
    defer(path, waves, job) {
      later.set(wave + waves, [...(later.get(wave + waves) ?? []), { path, job }]);
    },
    get wave() {
      return wave;
    },
    get draining() {
      return draining;
    },
    async backdate(key, attribute, ms) {
      const { Item } = await db.send(new GetCommand({ TableName: dynamodb.tableName, Key: key, ConsistentRead: true }));
      const was = Item?.[attribute];
      if (typeof was !== 'string') throw new Error(`${JSON.stringify(key)} has no ${attribute} to move back`);
      await db.send(new UpdateCommand({
        TableName: dynamodb.tableName, Key: key, UpdateExpression: 'SET #a = :to', ConditionExpression: '#a = :was',
        ExpressionAttributeNames: { '#a': attribute }, ExpressionAttributeValues: { ':to': new Date(Date.parse(was) - ms).toISOString(), ':was': was },
      }));
    },
    async notify(path, body, kind, expect) {
      posted++;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      const res = await api('/api/payments/notification', { method: 'POST', json: body });
      if (!expect.includes(res.status)) paths.unexplained(path, `notification ${kind} for ${body.order_id as string}: answered ${res.status} ${JSON.stringify(res.body)}`);
    },
  };
  const busy = new Set<SimStation>();
  const wallet = walletPaths(sim, busy);
  const guests = guestRefills(sim, setStationStatus);
  const after = claimsAndReceipts(sim, guests.read);
  const money = accountPaths(sim, wallet.topUp);
  const offline = offlinePaths(sim, busy, spare);
  const userOf = (sub: string) => users.find((u) => u.sub === sub);
  const runLater = async (w: number) => {
    const jobs = later.get(w) ?? [];
    later.delete(w);
    await Promise.all(jobs.map(({ path, job }) => settlesWithin(job(), HUNG_MS, `a held-back job of wave ${w}`).catch((error: unknown) => void paths.unexplained(path, `held-back job: ${(error as Error).message}`))));
  };

  // --- phases, timed -----------------------------------------------------------------------------------
  const time: Counts = { setup: Date.now() - started };
  const timed = async <T,>(phase: string, work: Promise<T>) => {
    const t = Date.now();
    try {
      return await work;
    } finally {
      time[phase] = (time[phase] ?? 0) + Date.now() - t;
    }
  };
  const waitClosed = async (ids: string[], done: (s: Awaited<ReturnType<typeof svc.vendSessions.get>>, id: string) => Promise<boolean> | boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    let pending = ids;
    while (pending.length && Date.now() < deadline) {
      const states = await inBatches(pending, async (id) => [id, await done(await svc.vendSessions.get(id), id)] as const, 16);
      pending = states.filter(([, ok]) => !ok).map(([id]) => id);
      if (pending.length) await sleep(120);
    }
    return pending;
  };
  const futureSweep = () => sweepExpiredSessions(sim.vendDeps, new Date(Date.now() + (settings.vendTokenExpirySeconds + 125) * 1000));

  await gateway.setRefundFaults(GATEWAY_FAULTS);
  for (const user of users) sim.track(PATHS.topUp, wallet.topUp(user));
  await Promise.all([...inFlight]);

  /** The account operations of a wave, on what there is to run them on; `racers` vend in the same wave. */
  const accountWork = async (count: number, racers: SimUser[]): Promise<{ path: PathName; run: () => Promise<void> }[]> => {
    const recentGuests = (await inBatches(records.guestOrders.slice(-80), async (guest) => ({ guest, stored: await svc.paymentOrders.get(guest.id) }), 8))
      .filter((g): g is { guest: SimGuestOrder; stored: NonNullable<typeof g.stored> & { kind: 'guest' } } => g.stored?.kind === 'guest' && Boolean(g.stored.closedAt));
    const claimedGuests = (g: { guest: SimGuestOrder }) => records.claims.has(`PAID-${g.guest.id}`);
    const walletSessions = records.sessions.filter((s) => (s.path === PATHS.walletVend || s.path === PATHS.remoteStart) && !records.claims.has(s.id)).slice(-40);
    const closedSessions = (await inBatches(walletSessions, async (s) => ({ s, stored: await svc.vendSessions.get(s.id) }), 8)).filter(({ stored }) => stored && stored.status !== 'open').map(({ s }) => s);
    const candidates: Record<keyof typeof ACCOUNT_OPERATIONS, unknown[]> = {
      [PATHS.withdrawal]: users.filter((u) => !u.withdrawing),
      [PATHS.staleWithdrawal]: money.interrupted(),
      [PATHS.adjustment]: [...users],
      [PATHS.walletClaim]: closedSessions,
      [PATHS.guestClaim]: recentGuests.filter((g) => g.stored.sessionId && !claimedGuests(g)).map((g) => g.guest),
      [PATHS.receiptKept]: recentGuests.filter((g) => !after.kept.has(g.guest.id) && !g.stored.paidOut && !g.stored.claimedBy)
        .sort((a, b) => Number(claimedGuests(b)) - Number(claimedGuests(a))).map((g) => g.guest),
      [PATHS.guestRefundPayout]: recentGuests.filter((g) => g.stored.refundRefused && !g.stored.claimedBy && !g.stored.paidOut && !after.kept.has(g.guest.id)).map((g) => g.guest),
      [PATHS.payout]: await money.openPayouts(),
    };
    const take = <T,>(path: keyof typeof candidates, first = false): T => {
      const list = candidates[path] as T[];
      const i = first ? 0 : rnd.int(0, list.length - 1);
      return list.splice(i, 1)[0]!;
    };
    const racer = (free: (u: SimUser) => boolean) => {
      const racing = racers.filter(free);
      return racing.length && rnd.chance(0.4) ? racing[rnd.int(0, racing.length - 1)]! : null;
    };
    const work: { path: PathName; run: () => Promise<void> }[] = [];
    const add = (path: PathName, run: () => Promise<void>) => void work.push({ path, run });
    for (let i = 0; i < count; i++) {
      const available = Object.fromEntries(Object.entries(ACCOUNT_OPERATIONS).filter(([path]) => candidates[path as keyof typeof candidates].length)) as Record<keyof typeof ACCOUNT_OPERATIONS, number>;
      if (!Object.keys(available).length) break;
      const path = rnd.weighted(available);
      const other = () => rnd.pick(users);
      switch (path) {
        case PATHS.withdrawal: {
          const user = racer((u) => !u.withdrawing) ?? take<SimUser>(path);
          candidates[path] = (candidates[path] as SimUser[]).filter((u) => u !== user);
          user.withdrawing = true;
          add(path, () => money.withdrawal(user));
          break;
        }
        case PATHS.staleWithdrawal: {
          const stale = take<ReturnType<typeof money.interrupted>[number]>(path);
          add(path, () => money.staleWithdrawal(stale));
          break;
        }
        case PATHS.adjustment: {
          const user = racer(() => true) ?? take<SimUser>(path);
          add(path, () => money.adjustment(user));
          break;
        }
        case PATHS.walletClaim: {
          const sessions = candidates[path] as SimSession[];
          // Half the claims on a vend whose record supports it (credited at once), some on a late or reordered one (queued).
          const supported = sessions.filter((s) => s.stationSupportsClaim);
          const telling = sessions.filter((s) => TELLING_KINDS.has(s.kind));
          const pool = supported.length && rnd.chance(0.5) ? supported : telling.length && rnd.chance(0.5) ? telling : [];
          const session = pool.length ? pool[rnd.int(0, pool.length - 1)]! : take<SimSession>(path);
          candidates[path] = sessions.filter((s) => s !== session);
          records.claims.set(session.id, path);
          add(path, () => after.walletClaim(session, userOf(session.account)!));
          break;
        }
        case PATHS.guestClaim: {
          const guest = take<SimGuestOrder>(path);
          records.claims.set(`PAID-${guest.id}`, path);
          add(path, () => after.guestClaim(guest));
          break;
        }
        case PATHS.receiptKept: {
          const guest = take<SimGuestOrder>(path, true);
          candidates[PATHS.guestRefundPayout] = (candidates[PATHS.guestRefundPayout] as SimGuestOrder[]).filter((g) => g !== guest);
          after.kept.add(guest.id);
          const keeper = other();
          add(path, () => after.receiptKept(guest, keeper, users.find((u) => u !== keeper) ?? keeper));
          break;
        }
        case PATHS.guestRefundPayout: {
          const guest = take<SimGuestOrder>(path);
          candidates[PATHS.receiptKept] = (candidates[PATHS.receiptKept] as SimGuestOrder[]).filter((g) => g !== guest);
          after.kept.add(guest.id);
          add(path, () => after.guestRefundPayout(guest, other()));
          break;
        }
        case PATHS.payout: {
          const id = take<string>(path);
          add(path, () => money.payout(id));
          break;
        }
      }
    }
    return work;
  };

  // --- waves ------------------------------------------------------------------------------------------
  let sweeps = { expired: 0, errors: 0 };
  let lastProgress = Date.now();
  while (paths.operations < options.operations) {
    wave++;
    await wallet.fund();
    const free = stations.filter((s) => s.connected && !busy.has(s));
    const picked = new Set<SimUser>();
    const planned = free.slice(0, Math.max(1, options.operations - paths.operations)).flatMap((station): { station: SimStation; path: PathName; user: SimUser | null }[] => {
      const path = rnd.weighted(STATION_OPERATIONS);
      if (path !== PATHS.walletVend && path !== PATHS.remoteStart && path !== PATHS.offlineVend) return [{ station, path, user: null }];
      // An offline vend's person shows the token nowhere else this wave (nor until it is settled: offlinePending).
      const user = wallet.pickUser(path === PATHS.offlineVend ? (u) => !picked.has(u) : () => true);
      if (!user || (path === PATHS.offlineVend && picked.has(user))) return [];
      picked.add(user);
      if (path === PATHS.offlineVend) user.offlinePending = true;
      return [{ station, path, user }];
    });
    const racers = planned.flatMap((p) => (p.user ? [p.user] : []));
    const onAccounts = await accountWork(Math.max(1, Math.round(free.length * ACCOUNT_OPERATIONS_PER_STATION)), racers);
    const stationWork = planned.map(({ station, path, user }): Promise<StationWork> => {
      const run = path === PATHS.walletVend ? wallet.walletVend(station, user!)
        : path === PATHS.offlineVend ? offline.offlineVend(station, user!)
        : path === PATHS.remoteStart ? wallet.remoteStart(station, user!)
          : path === PATHS.guestRefill ? guests.refill(station)
            : path === PATHS.guestNotStarted ? guests.notStarted(station)
              : path === PATHS.guestPaidTooLate ? guests.paidTooLate(station) : guests.expiredLate(station);
      return settlesWithin(run, HUNG_MS, `${path} at ${station.id}`).catch((error: unknown) => {
        paths.unexplained(path, `at ${station.id}: ${(error as Error).message}`);
        return { settles: [] };
      });
    });
    const [done] = await timed('operations', Promise.all([
      Promise.all(stationWork),
      Promise.all(onAccounts.map(({ path, run }) => settlesWithin(run(), HUNG_MS, path).catch((error: unknown) => void paths.unexplained(path, `${(error as Error).message}`)))),
    ]));
    // Wait for what was reported in this wave: settled, released, or held by an incident.
    const settles = done.flatMap((w) => w.settles);
    await timed('waiting for settlements', waitClosed(settles, async (state, id) => state?.status !== 'open' || Boolean(state?.incident) || (await svc.vendSessions.incident(id)) !== null, 10_000));
    const report = await timed('sweeps', futureSweep());
    sweeps = { expired: sweeps.expired + report.expired, errors: sweeps.errors + report.errors };
    await timed('held-back work', runLater(wave));
    if (Date.now() - lastProgress > 10_000) {
      lastProgress = Date.now();
      log(`money: ${paths.operations}/${options.operations} operations, ${posted} notifications posted, ${Math.round((Date.now() - started) / 1000)} s`);
    }
  }

  // --- drain: the gateway recovers, everything held back goes out, interrupted withdrawals are asked again ---------
  const endOfWaves = Date.now();
  draining = true;
  await gateway.setRefundFaults({ unavailable: 0, timeout: 0, slow: 0 });
  const drainLater = async () => {
    while (later.size) await runLater(Math.min(...later.keys()));
  };
  await drainLater();
  // The app asks again with its Idempotency-Key until the withdrawal is done.
  for (let attempt = 0; attempt < 5 && money.interrupted().length; attempt++) {
    await Promise.all(money.interrupted().map((w) => money.resume(w)));
    await drainLater();
  }
  await futureSweep();
  // Hours pass: unused reservations are voided; the stations away for hours come back and their vends are charged late.
  await sweepExpiredSessions(sim.vendDeps, new Date(Date.now() + 2 * 3_600_000));
  await offline.backAfterHours();
  for (const station of stations) if (!station.connected) await station.connect().then(() => station.heartbeat());
  await Promise.all([...inFlight]);
  await waitClosed(records.sessions.filter((s) => !s.mayStayOpen).map((s) => s.id), (state) => state?.status !== 'open', 30_000);
  await drainLater();
  // Guest orders whose session closed are settled from the table's stream (nobody reads them for it); the gateway's
  // last notifications land.
  let settling = records.guestOrders;
  await until(async () => {
    const open = await inBatches(settling, async (g) => {
      const [stored, session] = await Promise.all([svc.paymentOrders.get(g.id), svc.vendSessions.get(`PAID-${g.id}`)]);
      return stored?.kind === 'guest' && !stored.closedAt && session !== null && session.status !== 'open';
    }, 8);
    settling = settling.filter((_, i) => open[i]);
    return settling.length;
  }, (n) => n === 0, 20_000, 500);
  await sleep(1_500);
  await Promise.all([...inFlight]);
  time['after the waves'] = Date.now() - endOfWaves;
  clearInterval(heartbeats);
  await Promise.all([...stations, spare].map((s) => s.close()));

  // --- invariants, from the table -------------------------------------------------------------------------------------
  const checking = Date.now();
  const book = await readBook(sim, windowStart, totalsBefore);
  const invariants = checkInvariants(book, (path, example) => paths.unexplained(path ?? 'the book', example), (path, outcome) => paths.outcome(path, outcome));
  const repayments = [...book.accounts.values()].flatMap((a) => a.entries).filter((e) => e.type === 'repayment' && e.createdAt >= windowStart);
  if (repayments.length) paths.outcome(PATHS.topUp, 'owed amounts paid first from a later top-up', repayments.length);
  time['reading the book'] = Date.now() - checking;

  // The gateway's own notifications: those its amount rules schedule, and one per refund it made through its refund API.
  const gatewayOwn = records.orders.reduce((n, o) => {
    const rule = sandboxRule(o.amount);
    const card = o.method === 'google_pay';
    if (rule === 'unpaid') return n + (card ? 0 : 1);
    return n + (card ? 1 : 2) + (sandboxRefunds(o.id, o.amount) ? 1 : 0);
  }, 0) + book.gatewayRefunds.length;
  kinds["the gateway's own (sandbox schedule and refunds)"] = gatewayOwn;
  const notifications = posted + gatewayOwn;
  const faults = await gateway.refundFaults();
  const unexplained = paths.unexplainedCount;
  const ran = [...paths.paths.entries()].filter(([, p]) => p.operations > 0);
  const seconds = Math.round((Date.now() - started) / 1000);

  const lines: string[] = [];
  const table = (title: string, rows: [string, string | number][]) => {
    const width = Math.max(...rows.map(([k]) => k.length), title.length - 12, 20);
    lines.push('', title, '-'.repeat(width + 12));
    for (const [k, v] of rows) lines.push(`${k.padEnd(width)}  ${String(v).padStart(8)}`);
  };
  const sorted = (r: Counts) => Object.entries(r).sort((a, b) => b[1] - a[1]);
  lines.push(`money simulation: seed ${seed}, ${stations.length} stations, ${users.length} people, ${wave} waves, ${sweeps.expired} sessions expired by the sweep`);
  for (const [name, p] of paths.paths) {
    table(`${name}: ${p.operations} operations, ${p.unexplained} unexplained`, sorted(p.outcomes));
    for (const e of p.examples) lines.push(`  ! ${e}`);
  }
  table('the gateway on a bad day (refund requests)', [
    ['refunds made through its refund API', book.gatewayRefunds.length],
    ['answered 503, nothing refunded', faults.injected.unavailable],
    [`refunded, answer lost (caller timed out after ${GATEWAY_FAULTS.timeoutMs} ms)`, faults.injected.timeout],
    [`refunded, answered after ${GATEWAY_FAULTS.slowMs} ms`, faults.injected.slow],
  ]);
  table('notifications', sorted(kinds));
  table('invariants (checked / violations)', invariants.map((i) => [i.name, `${i.checked} / ${i.violations}`]));
  table('seconds spent', Object.entries(time).map(([k, ms]) => [k, (ms / 1000).toFixed(1)]));
  lines.push('', `money: ${paths.operations} operations over ${ran.length} paths, ${notifications} notifications, ${unexplained} unexplained`);
  return {
    seed, operations: paths.operations, paths: ran.length, notifications, unexplained,
    byPath: Object.fromEntries(paths.paths), notificationKinds: kinds, invariants, lines, seconds,
  };
}
