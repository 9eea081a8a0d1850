import { describe, expect, it } from 'vitest';
import type { ProblemReportRecord, ProblemReports } from '../ports/problem-reports';
import type { Email, Mailer } from '../../platform/ports/mailer';
import { assignableStaff, assignTicket, closeTicket, commentOnTicket, listTickets, ticketForAlert, ticketForReport } from './tickets';
import { MemoryTickets, counterIds, fixedClock, silentLog } from '../../vending/domain/vend.test-fakes';

const T = new Date('2026-03-01T08:00:00Z');

function world() {
  const reports = new Map<string, ProblemReportRecord>();
  const problemReports: ProblemReports = {
    create: async (r) => (reports.set(r.id, structuredClone(r)), true),
    get: async (id) => structuredClone(reports.get(id) ?? null),
    list: async (status) => [...reports.values()].filter((r) => r.status === status),
    resolve: async (id, by, at) => {
      const r = reports.get(id);
      if (r?.status !== 'open') return null;
      Object.assign(r, { status: 'resolved', resolvedBy: by, resolvedAt: at });
      return structuredClone(r);
    },
  };
  const sent: Email[] = [];
  const mailer: Mailer = { send: async (e) => (sent.push(e), { messageId: String(sent.length) }), linkTo: (path) => `https://refill.example${path}` };
  const staff = {
    roleOf: async (email: string) => ({ 'tech@example.com': 'technician', 'boss@example.com': 'admin', 'host@example.com': 'host' } as const)[email] ?? null,
    assignable: async () => [
      { email: 'tech@example.com', name: 'Made Teknisi', role: 'technician' as const },
      { email: 'boss@example.com', name: 'Ayu Admin', role: 'admin' as const },
    ],
  };
  return { tickets: new MemoryTickets(problemReports), problemReports, reports, ids: counterIds(), clock: fixedClock(T), mailer, sent, staff, log: silentLog };
}

const alert = (rule: 'offline' | 'lowWater', at: string) => ({ id: `HRL-00001.${rule}.${Date.parse(at)}`, stationId: 'HRL-00001', stationName: 'Ubud Market', rule, detail: `${rule} seen`, openedAt: at });
const report = (id: string, at: string): ProblemReportRecord & { stationName: string } => ({
  id, stationId: 'HRL-00001', stationName: 'Ubud Market', category: 'broken', note: 'Tap loose', photo: { contentType: 'image/jpeg', bytes: 10 }, status: 'open', createdAt: at, resolvedAt: null, resolvedBy: null,
});

describe('tickets', () => {
  it('keeps one open ticket per station and cause: a second alert of the rule is added, another rule opens its own', async () => {
    const w = world();
    const first = await ticketForAlert(alert('offline', '2026-03-01T08:00:00.000Z'), 'Station offline', w);
    const again = await ticketForAlert(alert('offline', '2026-03-01T09:00:00.000Z'), 'Station offline', w);
    const other = await ticketForAlert(alert('lowWater', '2026-03-01T09:30:00.000Z'), 'Water level low', w);
    expect([first.opened, again.opened, other.opened]).toEqual([true, false, true]);
    expect(again.ticket.id).toBe(first.ticket.id);
    expect(again.ticket.sources.map((s) => s.id)).toEqual(['HRL-00001.offline.1772352000000', 'HRL-00001.offline.1772355600000']);
    expect(other.ticket).toMatchObject({ cause: 'alert:lowWater', title: 'Water level low', status: 'open' });
  });

  it('offers the assignable staff by name', async () => {
    expect((await assignableStaff(world())).map((s) => s.email)).toEqual(['boss@example.com', 'tech@example.com']);
  });

  it('assigns only to technicians and admins, e-mails them, and lists them under "mine"', async () => {
    const w = world();
    const { ticket } = await ticketForReport(report('r1', T.toISOString()), w);
    await expect(assignTicket(ticket.id, 'host@example.com', 'admin:boss@example.com', w)).rejects.toMatchObject({ status: 400 });
    await expect(assignTicket(ticket.id, 'nobody@example.com', 'admin:boss@example.com', w)).rejects.toMatchObject({ status: 400 });
    const assigned = await assignTicket(ticket.id, 'tech@example.com', 'admin:boss@example.com', w);
    expect(assigned).toMatchObject({ status: 'assigned', assignee: 'tech@example.com', assignedBy: 'admin:boss@example.com', assignedAt: T.toISOString() });
    expect(w.sent).toEqual([expect.objectContaining({ to: 'tech@example.com', subject: 'Ticket assigned to you: Problem reported at Ubud Market (HRL-00001)' })]);
    expect(w.sent[0]!.text).toContain(`https://refill.example/admin/tickets/${ticket.id}`);
    expect(w.sent[0]!.text).toContain('- Problem report at 1 Mar 2026, 16:00 WITA: ');
    const mine = (caller: string) => listTickets({ status: 'active', mine: true, limit: 50 }, caller, w);
    expect((await mine('tech@example.com')).items.map((t) => t.id)).toEqual([ticket.id]);
    expect((await mine('boss@example.com')).items).toEqual([]);
  });

  it('closing resolves the open reports of the ticket, records who and why, and refuses changes afterwards', async () => {
    const w = world();
    for (const id of ['r1', 'r2', 'r3']) await w.problemReports.create(report(id, T.toISOString()));
    const { ticket } = await ticketForReport(report('r1', T.toISOString()), w);
    await ticketForReport(report('r2', T.toISOString()), w);
    await ticketForReport(report('r3', T.toISOString()), w);
    await w.problemReports.resolve('r3', 'admin:boss@example.com', T.toISOString());
    await commentOnTicket(ticket.id, 'Bringing a new tap', 'technician:tech@example.com', w);
    const closed = await closeTicket(ticket.id, 'New tap fitted', 'technician:tech@example.com', w);
    expect(closed).toMatchObject({ status: 'closed', resolution: 'New tap fitted', closedBy: 'technician:tech@example.com' });
    expect(closed.history.at(-1)).toMatchObject({ action: 'closed', note: 'New tap fitted (resolved 2 problem reports)' });
    expect([...w.reports.values()].map((r) => [r.id, r.resolvedBy])).toEqual([['r1', 'technician:tech@example.com'], ['r2', 'technician:tech@example.com'], ['r3', 'admin:boss@example.com']]);
    await expect(commentOnTicket(ticket.id, 'late', 'technician:tech@example.com', w)).rejects.toMatchObject({ status: 409 });
    await expect(closeTicket(ticket.id, 'again', 'technician:tech@example.com', w)).rejects.toMatchObject({ status: 409 });
    await expect(assignTicket('nope', 'tech@example.com', 'admin:boss@example.com', w)).rejects.toMatchObject({ status: 404 });
    // The cause is free again: the next report opens a new ticket.
    expect((await ticketForReport(report('r4', T.toISOString()), w)).opened).toBe(true);
  });
});
