import type { Clock, Ids } from '../../platform/ports/clock';
import {
  counterAccountOf,
  LedgerRefused,
  revenueAccount,
  visibleEntryTypes,
  type EntryDetails,
  type GuestRefillRecord,
  type Hold,
  type JoinOptions,
  type Ledger,
  type LedgerEntry,
  type LedgerTotals,
  type PostResult,
  type Transfer,
} from '../../wallet/ports/ledger';
import { combinedParts, TransactionPartRejected, type TransactionPart } from '../../platform/ports/transaction';
import type { MachineRecord, MachineUpdateCondition, Machines } from '../../stations/ports/machines';
import type { FleetPrices } from '../../stations/ports/fleet-prices';
import type { SettingsStore } from '../../platform/ports/settings';
import type { SigningKeys } from '../ports/signing-keys';
import type { StationMessages, VendAuthorizedMessage, VendDeniedMessage } from '../ports/station-messages';
import type { ProfileGaps, UserRecord, Users } from '../../accounts/ports/users';
import type {
  IncidentReport,
  IncidentResolution,
  IncidentSubject,
  Reservation,
  SessionOutcome,
  UsedToken,
  VendIncident,
  VendSession,
  VendSessions,
} from '../ports/vend-sessions';
import { defaultSettings, type Settings } from '@shared/schemas/settings';
import { FLEET_ALERT_SCOPE, type AlertRule } from '@shared/schemas/alert';
import { type SafetyRecord } from '@shared/schemas/water-safety';
import { type TicketEvent } from '@shared/schemas/ticket';
import { type StationEvent } from '@shared/schemas/telemetry';
import type { SafetyRecords } from '../../fleet/ports/safety-records';
import type { FileStore } from '../../platform/ports/file-store';
import type { StoredReading, Telemetry } from '../../fleet/ports/telemetry';
import type { AlertFilter, AlertRecord, Alerts } from '../../fleet/ports/alerts';
import type { TicketChange, TicketFilter, TicketRecord, Tickets } from '../../fieldwork/ports/tickets';
import { generateSigningJwk, JwkSigningKeys } from '../adapters/signing/jwk-signing-keys';
import type { Log } from '../../platform/ports/log';
import type { PaidOrder } from './vend-paid';
import type { VendDeps } from './vend';
import { ledgerWithRules } from '../../wallet/domain/ledger-rules';

/** In-memory adapters for the domain's unit tests; the DynamoDB ones are tested against DynamoDB Local. */

/** A joined write of the in-memory adapters: its condition, and the change made when the whole operation commits. */
export interface MemoryWrite { holds(): boolean; apply(): void }
export const memoryPart = (...writes: MemoryWrite[]): TransactionPart => ({ writes });

/** Runs a ledger change with its joined writes: all conditions first, then every change, as one transaction would. */
function joined<T>(part: TransactionPart | undefined, change: () => T): T {
  const writes = (part?.writes ?? []) as MemoryWrite[];
  if (!writes.every((w) => w.holds())) throw new TransactionPartRejected();
  const result = change();
  writes.forEach((w) => w.apply());
  return result;
}
/** The fleet's highest price as the station list's publication last recorded it; how often it was written. */
class MemoryFleetPrices implements FleetPrices {
  recorded: number | null = null;
  writes = 0;
  async highest() {
    return this.recorded;
  }
  async recordHighest(pricePerLitre: number) {
    if (this.recorded === pricePerLitre) return;
    this.recorded = pricePerLitre;
    this.writes++;
  }
}

export class MemoryMachines implements Machines {
  readonly items = new Map<string, MachineRecord>();
  async list() {
    return [...this.items.values()];
  }
  async get(id: string) {
    const m = this.items.get(id);
    return m ? structuredClone(m) : null;
  }
  async create(machine: MachineRecord) {
    if (this.items.has(machine.id)) return false;
    this.items.set(machine.id, structuredClone(machine));
    return true;
  }
  async update(id: string, fields: Partial<MachineRecord>, condition: MachineUpdateCondition = {}) {
    const m = this.items.get(id);
    if (!m) return null;
    if (condition.presenceBefore !== undefined && m.presenceAt !== undefined && !(m.presenceAt < condition.presenceBefore)) return null;
    if (condition.heartbeatReceivedBefore !== undefined && m.heartbeatReceivedAt !== undefined && !(m.heartbeatReceivedAt < condition.heartbeatReceivedBefore)) return null;
    if (condition.statusNotIn?.includes(m.status)) return null;
    if (condition.noSafetyLock && m.safetyLock) return null;
    if (condition.safetyLockAt !== undefined && m.safetyLock?.at !== condition.safetyLockAt) return null;
    const next = { ...m, ...structuredClone(fields) };
    // An absent value removes the field, as the DynamoDB adapter's REMOVE does.
    for (const [key, value] of Object.entries(fields)) if (value === undefined) delete (next as Record<string, unknown>)[key];
    this.items.set(id, next);
    return structuredClone(next);
  }
}

/** Stored files by key; a presigned link names the key (no storage to reach in unit tests). */
export class MemoryFiles implements FileStore {
  readonly objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  async presignUpload(key: string) {
    return { url: `memory://upload`, fields: { key } };
  }
  async presignDownload(key: string, fileName: string) {
    return `memory://${key}?name=${fileName}`;
  }
  async read(key: string, maxBytes: number) {
    const object = this.objects.get(key);
    if (!object) return null;
    return object.bytes.length > maxBytes ? 'tooLarge' as const : object.bytes.slice();
  }
  async write(key: string, bytes: Uint8Array, contentType: string) {
    this.objects.set(key, { bytes: bytes.slice(), contentType });
  }
  async remove(key: string) {
    this.objects.delete(key);
  }
}

export class MemorySafetyRecords implements SafetyRecords {
  readonly items: SafetyRecord[] = [];
  async add(record: SafetyRecord) {
    this.items.push(structuredClone(record));
  }
  async get(stationId: string, id: string) {
    const found = this.items.find((r) => r.stationId === stationId && r.id === id);
    return found ? structuredClone(found) : null;
  }
  async latest(stationId: string, limit: number) {
    return this.items.filter((r) => r.stationId === stationId).sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit).map((r) => structuredClone(r));
  }
}

/** Readings and events by station, with the TTL each was written with. */
export class MemoryTelemetry implements Telemetry {
  readonly readings_ = new Map<string, Map<string, StoredReading & { ttl: number }>>();
  readonly events_ = new Map<string, (StationEvent & { ttl: number })[]>();
  async putReading(stationId: string, reading: StoredReading, expiresAt: number) {
    const readings = this.readings_.get(stationId) ?? new Map<string, StoredReading & { ttl: number }>();
    readings.set(reading.at, { ...reading, ttl: expiresAt });
    this.readings_.set(stationId, readings);
  }
  async readings(stationId: string, range: { from: string; to: string }, page: { limit: number; cursor?: string }) {
    const all = [...(this.readings_.get(stationId)?.values() ?? [])].filter((r) => r.at >= range.from && r.at <= range.to && (!page.cursor || r.at > page.cursor)).sort((a, b) => a.at.localeCompare(b.at));
    const items = all.slice(0, page.limit).map(({ ttl: _ttl, ...r }) => r);
    return { items, nextCursor: all.length > page.limit ? items[items.length - 1]!.at : null };
  }
  async deleteReading(stationId: string, at: string) {
    this.readings_.get(stationId)?.delete(at);
  }
  async putEvent(stationId: string, event: StationEvent, expiresAt: number) {
    this.events_.set(stationId, [...(this.events_.get(stationId) ?? []), { ...event, ttl: expiresAt }]);
  }
  async latestEvents(stationId: string, limit: number) {
    return [...(this.events_.get(stationId) ?? [])].sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit).map(({ ttl: _ttl, ...e }) => e);
  }
}

/** Alerts kept beside a MemoryMachines, whose `openAlerts` set guards one open alert per station and rule. */
export class MemoryAlerts implements Alerts {
  readonly items = new Map<string, AlertRecord>();
  constructor(private readonly machines: MemoryMachines) {}
  private key = (stationId: string, rule: string, openedAt: string) => `${stationId}|${rule}|${openedAt}`;
  /** The fleet's own open rules (the dead-letter rule has no station). */
  private readonly fleet: { openAlerts?: Set<AlertRule> } = {};
  private guard = (stationId: string) => (stationId === FLEET_ALERT_SCOPE ? this.fleet : this.machines.items.get(stationId));
  async open(alert: AlertRecord) {
    const m = this.guard(alert.stationId);
    if (!m || m.openAlerts?.has(alert.rule)) return false;
    m.openAlerts = new Set([...(m.openAlerts ?? []), alert.rule]);
    this.items.set(this.key(alert.stationId, alert.rule, alert.openedAt), structuredClone(alert));
    return true;
  }
  async resolve(stationId: string, rule: AlertRule, at: string) {
    this.guard(stationId)?.openAlerts?.delete(rule);
    const current = [...this.items.values()].filter((a) => a.stationId === stationId && a.rule === rule).sort((a, b) => b.openedAt.localeCompare(a.openedAt))[0];
    if (!current || current.status === 'resolved') return null;
    Object.assign(current, { status: 'resolved', resolvedAt: at, nextNotifyAt: undefined });
    return structuredClone(current);
  }
  async acknowledge(stationId: string, rule: AlertRule, openedAt: string, by: string, at: string) {
    const a = this.items.get(this.key(stationId, rule, openedAt));
    if (a?.status !== 'open') return null;
    Object.assign(a, { status: 'acknowledged', acknowledgedBy: by, acknowledgedAt: at, nextNotifyAt: undefined });
    return structuredClone(a);
  }
  async get(stationId: string, rule: AlertRule, openedAt: string) {
    const a = this.items.get(this.key(stationId, rule, openedAt));
    return a ? structuredClone(a) : null;
  }
  async list(filter: AlertFilter) {
    const items = [...this.items.values()].filter((a) => (filter.status === 'active' ? a.status !== 'resolved' : a.status === filter.status) && (!filter.stationId || a.stationId === filter.stationId) && (!filter.rule || a.rule === filter.rule));
    return { items: items.sort((a, b) => b.openedAt.localeCompare(a.openedAt)).slice(0, filter.limit), nextCursor: null };
  }
  async counts() {
    const all = [...this.items.values()];
    return { open: all.filter((a) => a.status === 'open').length, acknowledged: all.filter((a) => a.status === 'acknowledged').length };
  }
  async due(now: string, limit: number, cursor?: string) {
    const due = [...this.items.values()].filter((a) => a.status === 'open' && a.nextNotifyAt !== undefined && a.nextNotifyAt <= now).sort((a, b) => a.nextNotifyAt!.localeCompare(b.nextNotifyAt!));
    const from = cursor ? Number(cursor) : 0;
    return { items: due.slice(from, from + limit).map((a) => structuredClone(a)), nextCursor: from + limit < due.length ? String(from + limit) : null };
  }
  async notified(alert: AlertRecord, at: string, nextNotifyAt: string) {
    const a = this.items.get(this.key(alert.stationId, alert.rule, alert.openedAt));
    if (a?.status !== 'open' || a.nextNotifyAt !== alert.nextNotifyAt) return false;
    Object.assign(a, { notifications: a.notifications + 1, lastNotifiedAt: at, nextNotifyAt });
    return true;
  }
  async silentStations(before: string, limit: number) {
    return [...this.machines.items.values()].filter((m) => (m.heartbeatReceivedAt ?? m.createdAt) < before && !m.openAlerts?.has('offline')).slice(0, limit).map((m) => structuredClone(m));
  }
}

/** Tickets with their one open per station and cause. */
export class MemoryTickets implements Tickets {
  readonly items = new Map<string, TicketRecord>();
  /** `reports` resolves the reports a close resolves (the table does both in one transaction). */
  constructor(private readonly reports?: { resolve(id: string, by: string, at: string): Promise<unknown> }) {}
  async openOrAdd(ticket: TicketRecord) {
    const open = [...this.items.values()].find((t) => t.stationId === ticket.stationId && t.cause === ticket.cause && t.status !== 'closed');
    if (!open) {
      this.items.set(ticket.id, structuredClone(ticket));
      return { ticket, opened: true };
    }
    const source = ticket.sources[0]!;
    open.sources.push(source);
    open.history.push({ at: source.at, by: 'system', action: 'sourceAdded', note: `${source.kind} ${source.id}` });
    return { ticket: structuredClone(open), opened: false };
  }
  async get(id: string) {
    const t = this.items.get(id);
    return t ? structuredClone(t) : null;
  }
  async list(filter: TicketFilter) {
    const items = [...this.items.values()].filter((t) => (filter.status === 'active' ? t.status !== 'closed' : t.status === filter.status)
      && (!filter.stationId || t.stationId === filter.stationId) && (!filter.assignee || t.assignee === filter.assignee));
    return { items: items.sort((a, b) => b.openedAt.localeCompare(a.openedAt)).slice(0, filter.limit).map((t) => structuredClone(t)), nextCursor: null };
  }
  async counts() {
    const all = [...this.items.values()];
    return { open: all.filter((t) => t.status === 'open').length, assigned: all.filter((t) => t.status === 'assigned').length };
  }
  async change(id: string, change: TicketChange) {
    const t = this.items.get(id);
    if (!t || t.status === 'closed') return null;
    Object.assign(t, change.set ?? {});
    if (change.comment) t.comments.push(change.comment);
    if (change.source) t.sources.push(change.source);
    t.history.push(change.event);
    return structuredClone(t);
  }
  async close(ticket: TicketRecord, close: { closedAt: string; closedBy: string; resolution: string; event: TicketEvent }, openReports: string[]) {
    const t = this.items.get(ticket.id);
    if (!t || t.status === 'closed') return null;
    for (const id of openReports) await this.reports?.resolve(id, close.closedBy, close.closedAt);
    Object.assign(t, { status: 'closed', closedAt: close.closedAt, closedBy: close.closedBy, resolution: close.resolution });
    t.history.push(close.event);
    return structuredClone(t);
  }
}

/**
 * The in-memory book as the use cases get it, behind the wallet's rules like the DynamoDB one (ledger-rules.ts), with
 * its holds and entries open to the tests' eyes.
 */
export function memoryLedger(users: MemoryUsers, clock?: Clock) {
  const book = new MemoryLedger(users, clock);
  return Object.assign(ledgerWithRules(book), { holds: book.holds, entries_: book.entries_ });
}

/** The in-memory book: it keeps the accounts and reports refusals as facts (LedgerRefused), as the DynamoDB one does. */
export class MemoryLedger implements Ledger {
  readonly holds = new Map<string, Hold>();
  readonly entries_: { userId: string; type: string; amount: number; owed: number; key: string; details: EntryDetails; balanceAfter: number | undefined; at: string }[] = [];
  /** Results by idempotency key, with what was asked. */
  private readonly keys = new Map<string, { fingerprint: string; result: PostResult }>();
  /** With a clock, entries carry the time they were written (the journal of a day reads it). */
  constructor(private readonly users: MemoryUsers, private readonly clock?: Clock) {}
  private user(userId: string) {
    const user = this.users.items.get(userId);
    if (!user) throw new LedgerRefused('no-account', `Account ${userId} not found`);
    return user;
  }
  private result(userId: string, replayed = false): PostResult {
    const user = this.user(userId);
    return { balance: user.balance, owed: user.owed ?? 0, entries: [], replayed };
  }
  private move(userId: string, type: string, amount: number, details: EntryDetails, key = '', owed = 0) {
    const user = this.user(userId);
    if (user.balance + amount < 0) throw new LedgerRefused('insufficient-balance');
    user.balance += amount;
    user.owed = (user.owed ?? 0) + owed;
    if (type === 'purchase' || (type === 'receivable' && details.volumeMl)) user.dispensedMl += details.volumeMl ?? 0;
    this.entries_.push({ userId, type, amount, owed, key, details, balanceAfter: user.balance, at: this.clock?.now().toISOString() ?? '' });
  }
  private once(key: string, fingerprint: string, change: () => PostResult): PostResult {
    const earlier = this.keys.get(key);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) throw new LedgerRefused('key-reused');
      return { ...earlier.result, replayed: true };
    }
    const result = change();
    this.keys.set(key, { fingerprint, result });
    return result;
  }
  async post(userId: string, type: 'topup' | 'purchase' | 'refund' | 'adjustment', amount: number, key: string, details: EntryDetails, options: JoinOptions & { expectedBalance?: number } = {}): Promise<PostResult> {
    return this.once(key, JSON.stringify([userId, type, amount]), () => joined(options.together, () => {
      const user = this.user(userId);
      if (options.expectedBalance !== undefined && user.balance !== options.expectedBalance) throw new LedgerRefused('balance-changed');
      this.move(userId, type, amount, { ...details, counter: counterAccountOf(type, details) }, key);
      const repaid = type === 'topup' ? Math.min(user.owed ?? 0, user.balance) : 0;
      if (repaid > 0) this.move(userId, 'repayment', -repaid, { ...details, note: 'Paid towards what was owed', counter: undefined }, key, -repaid);
      return this.result(userId);
    }));
  }
  async charge(userId: string, type: 'purchase' | 'adjustment', amount: number, key: string, details: EntryDetails, options: JoinOptions = {}): Promise<PostResult> {
    return this.once(key, JSON.stringify([userId, 'charge', type, amount]), () => joined(options.together, () => {
      const covered = Math.min(this.user(userId).balance, amount);
      const counted = { ...details, counter: counterAccountOf(type, details) };
      if (covered > 0) this.move(userId, type, -covered, counted, key);
      if (amount > covered) this.move(userId, 'receivable', 0, covered > 0 ? { ...counted, volumeMl: undefined } : counted, key, amount - covered);
      const result = this.result(userId);
      result.entries = amount > covered ? [{ type: 'receivable', owed: amount - covered } as LedgerEntry] : [];
      return result;
    }));
  }
  async hold(userId: string, holdId: string, amount: number, details: EntryDetails, options: JoinOptions = {}): Promise<PostResult> {
    const existing = this.holds.get(holdId);
    if (existing) {
      if (existing.amount !== amount || existing.userId !== userId) throw new LedgerRefused('hold-differs', `Hold ${holdId} already exists for a different request`);
      return this.result(userId, true);
    }
    return joined(options.together, () => {
      this.move(userId, 'hold', -amount, details);
      this.holds.set(holdId, { id: holdId, userId, amount, status: 'open', createdAt: '', reference: details.reference });
      return this.result(userId);
    });
  }
  async settle(holdId: string, charged: number, details: EntryDetails, options: JoinOptions = {}): Promise<PostResult> {
    const hold = this.holds.get(holdId);
    if (!hold) throw new LedgerRefused('no-hold', `Hold ${holdId} not found`);
    if (hold.status === 'settled' && hold.charged === charged) return this.result(hold.userId, true);
    if (hold.status !== 'open') throw new LedgerRefused('hold-closed', `Hold ${holdId} is already ${hold.status}`);
    if (charged > hold.amount) throw new LedgerRefused('over-hold', `The charge must be between Rp 0 and the hold of Rp ${hold.amount}`);
    return joined(options.together, () => {
      this.move(hold.userId, 'release', hold.amount, details, `settle:${holdId}`);
      if (charged > 0) this.move(hold.userId, 'purchase', -charged, { ...details, counter: revenueAccount(details.machineId) }, `settle:${holdId}`);
      Object.assign(hold, { status: 'settled', charged });
      return this.result(hold.userId);
    });
  }
  async resizeHold(holdId: string, amount: number, details: EntryDetails, options: JoinOptions = {}): Promise<PostResult> {
    const hold = this.holds.get(holdId);
    if (!hold) throw new LedgerRefused('no-hold', `Hold ${holdId} not found`);
    if (hold.amount === amount) return this.result(hold.userId, true);
    if (hold.status !== 'open') throw new LedgerRefused('hold-closed', `Hold ${holdId} is already ${hold.status}`);
    const grown = amount - hold.amount;
    return joined(options.together, () => {
      this.move(hold.userId, grown > 0 ? 'hold' : 'release', -grown, details);
      hold.amount = amount;
      return this.result(hold.userId);
    });
  }
  async release(holdId: string, details: EntryDetails, options: JoinOptions = {}): Promise<PostResult> {
    const hold = this.holds.get(holdId);
    if (!hold) throw new LedgerRefused('no-hold', `Hold ${holdId} not found`);
    if (hold.status === 'released') return this.result(hold.userId, true);
    if (hold.status !== 'open') throw new LedgerRefused('hold-closed', `Hold ${holdId} is already ${hold.status}`);
    return joined(options.together, () => {
      this.move(hold.userId, 'release', hold.amount, details);
      hold.status = 'released';
      return this.result(hold.userId);
    });
  }
  async transfer(transfer: Transfer, key: string, details: EntryDetails, options: JoinOptions & { expectedFromBalance?: number } = {}): Promise<PostResult> {
    const { from, to, amount } = transfer;
    return this.once(key, JSON.stringify([from, to, 'transfer', amount]), () => joined(options.together, () => {
      if (options.expectedFromBalance !== undefined && this.user(from).balance !== options.expectedFromBalance) throw new LedgerRefused('balance-changed');
      if (this.user(from).balance < amount) throw new LedgerRefused('insufficient-balance');
      if (!this.users.items.has(to)) void this.users.ensureGuestAccount(to, '');
      const leg = { ...details, counter: undefined };
      this.move(from, transfer.fromType ?? 'adjustment', -amount, leg, key);
      this.move(to, transfer.toType ?? 'adjustment', amount, leg, key);
      return this.result(from);
    }));
  }
  recordingGuestRefill(userId: string, { at, idempotencyKey, charged, ...details }: GuestRefillRecord): TransactionPart {
    const row = { userId, type: 'guest_refill', amount: 0, owed: 0, key: idempotencyKey, details: { ...details, charged } as EntryDetails, balanceAfter: undefined, at };
    return { writes: [{ holds: () => true, apply: () => this.entries_.push(row) }] };
  }
  async getHold(holdId: string) {
    return this.holds.get(holdId) ?? null;
  }
  /** The entries as the DynamoDB ledger stores them, newest first, a page at a time. */
  async entries(userId: string, options: { limit: number; cursor?: string; visibleOnly?: boolean }) {
    const visible = new Set<string>(visibleEntryTypes);
    const own = this.entries_
      .map((e, i): LedgerEntry => JSON.parse(JSON.stringify({
        ...e.details, id: `e-${i}`, userId: e.userId, type: e.type, amount: e.amount, balanceAfter: e.balanceAfter, idempotencyKey: e.key, createdAt: e.at, ...(e.owed ? { owed: e.owed } : {}),
      })) as LedgerEntry)
      .filter((e) => e.userId === userId && (!options.visibleOnly || visible.has(e.type)))
      .reverse();
    const from = options.cursor ? Number(options.cursor) : 0;
    return { items: own.slice(from, from + options.limit), nextCursor: from + options.limit < own.length ? String(from + options.limit) : null };
  }
  async totals(): Promise<LedgerTotals> {
    const totals: LedgerTotals = { users: this.users.items.size, count: {}, sum: {}, dispensedMl: 0, owed: 0 };
    for (const e of this.entries_) {
      if (e.type === 'hold' || e.type === 'release') continue;
      const type = e.type as keyof LedgerTotals['count'];
      totals.count[type] = (totals.count[type] ?? 0) + 1;
      totals.sum[type] = (totals.sum[type] ?? 0) + e.amount;
      totals.owed += e.owed;
    }
    return totals;
  }
}

export class MemoryUsers implements Users {
  readonly items = new Map<string, UserRecord>();
  ensures = 0;
  async get(id: string) {
    return this.items.get(id) ?? null;
  }
  async ensure(user: Pick<UserRecord, 'id' | 'username' | 'firstName' | 'lastName' | 'email'>, now: string) {
    this.ensures += 1;
    if (!this.items.has(user.id)) this.items.set(user.id, { ...user, profileImageUrl: null, balance: 0, dispensedMl: 0, createdAt: now, updatedAt: now });
    return this.items.get(user.id)!;
  }
  async ensureGuestAccount(id: string, now: string) {
    if (!this.items.has(id)) this.items.set(id, { id, username: id, firstName: null, lastName: null, email: null, profileImageUrl: null, balance: 0, dispensedMl: 0, createdAt: now, updatedAt: now });
  }
  async fillIn(id: string, fields: ProfileGaps, expectedUsername: string, now: string) {
    const stored = this.items.get(id);
    if (!stored || stored.username !== expectedUsername) return null;
    const next = { ...stored, ...fields, updatedAt: now };
    this.items.set(id, next);
    return next;
  }
  async list() {
    return { items: [...this.items.values()], nextCursor: null };
  }
  async rename() {
    return null;
  }
}

class MemoryVendSessions implements VendSessions {
  readonly tokens = new Map<string, UsedToken>();
  readonly sessions = new Map<string, VendSession>();
  readonly reservations = new Map<string, Reservation>();
  /** The live token's jti per account. */
  private readonly live = new Map<string, string>();
  reserving(reservation: Reservation, previousJti: string | null) {
    return memoryPart(
      { holds: () => !this.reservations.has(reservation.jti), apply: () => this.reservations.set(reservation.jti, { ...reservation }) },
      { holds: () => (this.live.get(reservation.userId) ?? null) === previousJti, apply: () => this.live.set(reservation.userId, reservation.jti) },
    );
  }
  async reservation(jti: string) {
    const r = this.reservations.get(jti);
    return r ? { ...r } : null;
  }
  async liveReservation(userId: string) {
    const jti = this.live.get(userId);
    return jti ? this.reservation(jti) : null;
  }
  private reservationMove(jti: string, to: 'used' | 'voided') {
    return memoryPart({ holds: () => this.reservations.get(jti)?.status === 'reserved', apply: () => void (this.reservations.get(jti)!.status = to) });
  }
  usingReservation(jti: string) {
    return this.reservationMove(jti, 'used');
  }
  voidingReservation(jti: string) {
    return this.reservationMove(jti, 'voided');
  }
  async listReservationsDue(now: string) {
    return { items: [...this.reservations.values()].filter((r) => r.status === 'reserved' && r.voidAt <= now).map((r) => ({ ...r })), nextCursor: null };
  }
  async openReserved(record: UsedToken, session: VendSession) {
    try {
      return joined(combinedParts(this.opening(record, session), this.usingReservation(record.jti)), () => true);
    } catch (error) {
      if (error instanceof TransactionPartRejected) return false;
      throw error;
    }
  }
  async consumeToken(record: UsedToken) {
    const existing = this.tokens.get(record.jti);
    if (existing) return { consumed: false as const, existing };
    this.tokens.set(record.jti, record);
    return { consumed: true as const };
  }
  async usedToken(jti: string) {
    return this.tokens.get(jti) ?? null;
  }
  async markStarted(id: string, at: string) {
    const session = this.sessions.get(id);
    if (!session || session.status !== 'open' || session.startedAt) return false;
    session.startedAt = at;
    return true;
  }
  opening(record: UsedToken, session: VendSession) {
    return memoryPart(
      { holds: () => !this.tokens.has(record.jti), apply: () => this.tokens.set(record.jti, record) },
      { holds: () => !this.sessions.has(session.id), apply: () => this.sessions.set(session.id, { ...session }) },
    );
  }
  creating(session: VendSession) {
    return memoryPart({ holds: () => !this.sessions.has(session.id), apply: () => this.sessions.set(session.id, { ...session }) });
  }
  async create(session: VendSession) {
    if (this.sessions.has(session.id)) return false;
    this.sessions.set(session.id, { ...session });
    return true;
  }
  async get(id: string) {
    const s = this.sessions.get(id);
    return s ? { ...s } : null;
  }
  async close(id: string, outcome: SessionOutcome) {
    const s = this.sessions.get(id);
    if (this.failing.has(id)) throw new Error(`session ${id} cannot be written`);
    if (!s || s.status !== 'open') return false;
    Object.assign(s, outcome);
    return true;
  }
  closing(id: string, outcome: SessionOutcome) {
    if (this.failing.has(id)) throw new Error(`session ${id} cannot be written`);
    const session = () => this.sessions.get(id);
    return memoryPart({ holds: () => session()?.status === 'open' && (outcome.incident !== undefined || !session()!.incident), apply: () => Object.assign(session()!, outcome) });
  }
  settlingLate(id: string, outcome: { closedAt: string; dispensedMl: number; charged: number }) {
    return memoryPart({
      holds: () => ['expired', 'failed'].includes(this.sessions.get(id)?.status ?? ''),
      apply: () => {
        Object.assign(this.sessions.get(id)!, { settledLateAfter: this.sessions.get(id)!.status, status: 'completed', settledLate: true, dispensedMl: outcome.dispensedMl, charged: outcome.charged });
        this.awaiting.delete(id);
      },
    });
  }
  /** Sessions that may not be closed (a sweep's failing items), by id. */
  readonly failing = new Set<string>();
  async listExpired(now: string, limit: number, cursor?: string) {
    const due = [...this.sessions.values()].filter((s) => s.status === 'open' && !s.incident && s.expiresAt <= now).sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
    const from = cursor ? Number(cursor) : 0;
    const items = due.slice(from, from + limit).map((s) => ({ ...s }));
    return { items, nextCursor: from + limit < due.length ? String(from + limit) : null };
  }
  /** Expired sessions waiting for their station, with the expiry each is listed by. */
  private readonly awaiting = new Map<string, string>();
  async awaitStation(id: string, closedAt: string) {
    const s = this.sessions.get(id);
    if (s?.status !== 'expired' || s.fullRefund) return false;
    s.fullRefund = 'waiting';
    this.awaiting.set(id, closedAt);
    return true;
  }
  async listAwaitingStation(limit: number, cursor?: string) {
    const waiting = [...this.awaiting].sort(([, a], [, b]) => a.localeCompare(b)).map(([id]) => this.sessions.get(id)!).filter((s) => s.status === 'expired' && s.fullRefund === 'waiting');
    const from = cursor ? Number(cursor) : 0;
    return { items: waiting.slice(from, from + limit).map((s) => ({ ...s })), nextCursor: from + limit < waiting.length ? String(from + limit) : null };
  }
  async markRefundDue(id: string) {
    const s = this.sessions.get(id);
    if (s?.status !== 'expired' || s.fullRefund !== 'waiting') return false;
    s.fullRefund = 'due';
    this.awaiting.delete(id);
    return true;
  }
  refundingInFull(id: string) {
    return memoryPart({
      holds: () => {
        const s = this.sessions.get(id);
        return s?.status === 'failed' || (s?.status === 'expired' && s.fullRefund === 'due');
      },
      apply: () => void (this.sessions.get(id)!.fullRefund = 'made'),
    });
  }
  readonly incidents = new Map<string, VendIncident>();
  async recordOfflineIncident(subject: IncidentSubject, report: IncidentReport) {
    const existing = this.incidents.get(subject.id);
    this.incidents.set(subject.id, {
      sessionId: subject.id, stationId: subject.stationId, userId: subject.userId, machineName: subject.machineName, maxMl: subject.maxMl,
      status: 'open', holdKept: false, firstReport: existing?.firstReport ?? report, lastReport: report, reports: (existing?.reports ?? 0) + 1,
      createdAt: existing?.createdAt ?? report.at, updatedAt: report.at,
    });
  }
  async recordIncident(session: VendSession, report: IncidentReport, options: { holdSession: boolean }): Promise<'held' | 'recorded' | 'settled'> {
    if (this.sessions.get(session.id)?.status === 'completed') return 'settled';
    const held = options.holdSession && this.sessions.get(session.id)?.status === 'open';
    if (held) this.sessions.get(session.id)!.incident = true;
    const existing = this.incidents.get(session.id);
    this.incidents.set(session.id, {
      sessionId: session.id, stationId: session.stationId, userId: session.userId, machineName: session.machineName, maxMl: session.maxMl,
      status: 'open', holdKept: held, firstReport: existing?.firstReport ?? report, lastReport: report, reports: (existing?.reports ?? 0) + 1,
      createdAt: existing?.createdAt ?? report.at, updatedAt: report.at,
    });
    return held ? 'held' : 'recorded';
  }
  async incident(sessionId: string) {
    const i = this.incidents.get(sessionId);
    return i ? structuredClone(i) : null;
  }
  resolvingIncident(sessionId: string, resolution: IncidentResolution) {
    return memoryPart({
      holds: () => this.incidents.get(sessionId)?.status === 'open',
      apply: () => Object.assign(this.incidents.get(sessionId)!, { status: 'resolved', resolution }),
    });
  }
  async resolveIncident(sessionId: string, resolution: IncidentResolution) {
    const i = this.incidents.get(sessionId);
    if (i?.status !== 'open') return false;
    Object.assign(i, { status: 'resolved', resolution });
    return true;
  }
  async openIncidents() {
    return { items: [...this.incidents.values()].filter((i) => i.status === 'open'), nextCursor: null };
  }
}

export class MemoryMessages implements StationMessages {
  readonly sent: ({ topic: 'authorized'; stationId: string; message: VendAuthorizedMessage } | { topic: 'denied'; stationId: string; message: VendDeniedMessage })[] = [];
  async vendAuthorized(stationId: string, message: VendAuthorizedMessage) {
    this.sent.push({ topic: 'authorized', stationId, message });
  }
  async vendDenied(stationId: string, message: VendDeniedMessage) {
    this.sent.push({ topic: 'denied', stationId, message });
  }
  last() {
    return this.sent.at(-1);
  }
}

/** A fresh key pair held in memory, through the same adapter as the deployed key. */
export async function memorySigningKeys(): Promise<SigningKeys> {
  const jwk = await generateSigningJwk();
  return new JwkSigningKeys(async () => jwk);
}

export const silentLog: Log & { lines: string[] } = Object.assign(
  { lines: [] as string[] },
  { info(message: string) { silentLog.lines.push(message); }, warn(message: string) { silentLog.lines.push(message); } },
);

export const fixedClock = (start: Date) => {
  let now = start.getTime();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms), set: (d: Date) => void (now = d.getTime()) } satisfies Clock & Record<string, unknown>;
};

export const counterIds = (): Ids => {
  let n = 0;
  return { next: () => `id-${++n}` };
};

export async function memoryVendWorld(start = new Date('2026-03-01T08:00:00Z'), settings: Partial<Settings> = {}) {
  const users = new MemoryUsers();
  const clock = fixedClock(start);
  const world = {
    machines: new MemoryMachines(),
    fleetPrices: new MemoryFleetPrices(),
    users,
    ledger: memoryLedger(users),
    settings: { get: async () => ({ ...defaultSettings(), ...settings }), save: async (s: Settings) => s } satisfies SettingsStore,
    vendSessions: new MemoryVendSessions(),
    stationMessages: new MemoryMessages(),
    signingKeys: await memorySigningKeys(),
    clock,
    ids: counterIds(),
    log: silentLog,
  } satisfies VendDeps & Record<string, unknown>;
  return world;
}

/** Sanur Beach (1.5 L, online) and a buyer with an empty wallet: the world of the paid-vend and purchase tests. */
export const STATION = 'HRL-00001';
export const BUYER = 'buyer-1';

export async function stationAndBuyerWorld() {
  const w = await memoryVendWorld();
  const at = w.clock.now().toISOString();
  await w.machines.create({ id: STATION, name: 'Sanur Beach', status: 'online', lastHeartbeat: at, maxFillMl: 1500, createdAt: at, updatedAt: at });
  await w.users.ensure({ id: BUYER, username: 'b', firstName: null, lastName: null, email: null }, at);
  /** The state after a successful charge: the paid amount credited to the wallet under the order id. */
  const paid = async (order: Partial<PaidOrder> = {}, alreadyInWallet = 0): Promise<PaidOrder> => {
    const o = { orderId: `PU-${crypto.randomUUID().replaceAll('-', '')}`, userId: BUYER, amount: 500, machineId: STATION, volumeMl: 500, ...order };
    w.users.items.get(BUYER)!.balance += alreadyInWallet;
    await w.ledger.post(BUYER, 'topup', o.amount, o.orderId, { reference: o.orderId, actor: 'gateway' });
    return o;
  };
  return { ...w, paid, balance: () => w.users.items.get(BUYER)!.balance };
}
