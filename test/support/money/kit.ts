import type { SandboxGateway } from '@functions/wallet/adapters/sandbox-gateway/gateway';
import type { Services } from '@infra/local/composition';
import type { VendDeps } from '@functions/vending/domain/vend';
import type { Withdrawals } from '@functions/wallet/ports/withdrawals';
import type { SandboxControlClient } from '@infra/local/sandbox-control';
import type { SimStation } from '@infra/local/simulator';
import type { PaymentMethod } from '@shared/schemas/transaction';
import type { Settings } from '@shared/schemas/settings';

/**
 * What the money simulation's paths share (test/support/money-simulation.ts): the seeded generator, the HTTP API as
 * the apps call it, the people and stations, the sandbox gateway's control, and what each path did and saw, for the
 * invariants read from the table afterwards (./invariants.ts).
 */

/** The money paths, each with its own table in the report. */
export const PATHS = {
  walletVend: 'wallet vend',
  remoteStart: 'remote start',
  topUp: 'top-up',
  guestRefill: 'guest refill',
  guestNotStarted: 'guest not started',
  guestPaidTooLate: 'guest paid too late',
  guestExpiredLate: 'guest expired, completed late',
  offlineVend: 'offline vend',
  walletClaim: 'wallet claim',
  guestClaim: 'guest claim',
  receiptKept: 'receipt kept',
  guestRefundPayout: 'guest refund payout',
  withdrawal: 'withdrawal',
  staleWithdrawal: 'stale withdrawal',
  adjustment: 'admin adjustment',
  payout: 'payout',
} as const;
export type PathName = (typeof PATHS)[keyof typeof PATHS];
/** Where an unexplained finding is counted: its path, or the book's own table when it is no one path's. */
export type Ledgered = PathName | 'the book';

/** A small seeded generator, so that a failing run can be repeated with its seed. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    weighted: <T extends string>(weights: Record<T, number>): T => {
      const entries = (Object.entries(weights) as [T, number][]).filter(([, w]) => w > 0);
      let roll = next() * entries.reduce((s, [, w]) => s + w, 0);
      for (const [key, weight] of entries) if ((roll -= weight) < 0) return key;
      return entries.at(-1)![0];
    },
  };
}
type Generator = ReturnType<typeof generator>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Work of the simulation that must settle: a station or a job that waits for ever is reported (unexplained, with what
 * it was) instead of stopping the run without a word.
 */
export function settlesWithin<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, hung]).finally(() => clearTimeout(timer));
}

/** Runs `work` over the items `size` at a time, in order. */
export async function inBatches<T, R>(items: T[], work: (item: T) => Promise<R>, size = 4): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

export type Counts = Record<string, number>;
const count = (into: Counts, key: string, n = 1) => void (into[key] = (into[key] ?? 0) + n);

/** What each path did: its operations, what came of them, and what nobody can explain (with examples). */
export class PathLog {
  readonly paths = new Map<Ledgered, { operations: number; outcomes: Counts; unexplained: number; examples: string[] }>();

  private of(path: Ledgered) {
    let row = this.paths.get(path);
    if (!row) this.paths.set(path, (row = { operations: 0, outcomes: {}, unexplained: 0, examples: [] }));
    return row;
  }

  operation(path: PathName): void {
    this.of(path).operations++;
  }

  outcome(path: PathName, outcome: string, n = 1): void {
    count(this.of(path).outcomes, outcome, n);
  }

  /** Something no rule explains: an answer the path did not expect, or an invariant broken on its money. */
  unexplained(path: Ledgered, example: string): void {
    const row = this.of(path);
    row.unexplained++;
    if (row.examples.length < 5) row.examples.push(example);
  }

  get operations(): number {
    return [...this.paths.values()].reduce((n, p) => n + p.operations, 0);
  }

  get unexplainedCount(): number {
    return [...this.paths.values()].reduce((n, p) => n + p.unexplained, 0);
  }
}

interface ApiAnswer {
  status: number;
  // The routes' bodies as JSON, read field by field by the paths.
  body: any;
}
type Api = (path: string, init?: { method?: string; token?: string; json?: unknown; headers?: Record<string, string> }) => Promise<ApiAnswer>;

export interface SimUser {
  sub: string;
  token: string;
  /** Thin wallets are topped up rarely and with little, so late completions find them short. */
  thin: boolean;
  topupInFlight: boolean;
  /** A withdrawal of this user is being made or waits to be resumed: the next one waits. */
  withdrawing: boolean;
  lastToken?: string;
  /**
   * A token of this person was redeemed offline and not yet settled: the back end cannot know it was used, so the app
   * would show the same live token again. The person vends nowhere else until it is settled (one phone, one person);
   * a token shown at two offline stations is the path's own kind.
   */
  offlinePending?: boolean;
}

/** A vend session the simulation started, and what the station really did. */
export interface SimSession {
  id: string;
  path: PathName;
  /** How the station behaved (the wallet vend's kind, the guest refill's). */
  kind: string;
  /** The ledger account it was held on: a person's wallet or a guest order's account. */
  account: string;
  stationId: string;
  /** What the station really dispensed (whole ml). */
  truth: number;
  maxMl: number;
  pricePerLitre: number;
  /** Whether the final state may still be an open incident. */
  mayStayOpen: boolean;
  /** Whether the station's own record contradicts itself (a failure before the completion, an incident): a claim is credited at once. */
  stationSupportsClaim: boolean;
  /** A remote start: what was dispensed is what the station did with the authorization, if it ever got one. */
  remoteAt?: SimStation;
}

/** A payment order the simulation made: a top-up, a remote start's purchase, a guest's refill. */
export interface SimOrder {
  id: string;
  account: string;
  amount: number;
  method: PaymentMethod;
  kind: 'topup' | 'purchase' | 'guest';
  path: PathName;
}

export interface SimGuestOrder extends SimOrder {
  kind: 'guest';
  secret: string;
  volumeMl: number;
  stationId: string;
}

/** A withdrawal asked for (its key, to resume it), and where it stands as the simulation last saw it. */
export interface SimWithdrawal {
  key: string;
  userSub: string;
  expectedBalance: number;
  path: PathName;
  /** Its id (and its account's): it exists once the request reserved the balance. */
  id: string;
  state: 'completed' | 'interrupted' | 'refused' | 'voided';
  /** The answers it got, in order (for the report of anything unexplained). */
  answers: string[];
}

export interface SimRecords {
  sessions: SimSession[];
  orders: SimOrder[];
  guestOrders: SimGuestOrder[];
  withdrawals: SimWithdrawal[];
  /** Claims filed, by session, with the path that filed them. */
  claims: Map<string, PathName>;
  /** Admin adjustments made (200), by user. */
  adjustments: { userSub: string; amount: number }[];
  /** Offline tokens redeemed at a second station: what it dispensed, and the allowance that bounds its charge. */
  offlineAgain: { jti: string; account: string; stationId: string; truth: number; pricePerLitre: number; allowanceIdr: number }[];
}

/** Everything a path needs, made once by runMoneySimulation. */
export interface Sim {
  rnd: Generator;
  log: (line: string) => void;
  svc: Services;
  withdrawals: Withdrawals;
  vendDeps: VendDeps;
  settings: Settings;
  api: Api;
  adminToken: string;
  users: SimUser[];
  stations: SimStation[];
  /** The local sandbox gateway's control (faults, payers held back, its own books). */
  gateway: SandboxControlClient;
  /** Signs notification bodies as the sandbox does, for the copies the simulation posts itself. */
  signer: SandboxGateway;
  paths: PathLog;
  records: SimRecords;
  /** Work left running in the background; its failures are unexplained, never lost. */
  track(path: PathName, work: Promise<unknown>): void;
  /** Runs `job` `waves` waves later (after this wave's sweep), or soon while draining; its failure is the path's. */
  defer(path: PathName, waves: number, job: () => Promise<void>): void;
  readonly wave: number;
  readonly draining: boolean;
  /** Moves a stored time back, as if that much time had passed since (the sweep is run ahead the same way). */
  backdate(key: Record<string, string>, attribute: string, ms: number): Promise<void>;
  /** Posts a copy of a gateway notification; an answer other than `expect` is unexplained. */
  notify(path: PathName, body: Record<string, unknown>, kind: string, expect: number[]): Promise<void>;
}

/** Waits until `done` holds for what `read` returns, or `ms` passed; the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number, every = 150): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(every);
    value = await read();
  }
  return value;
}
