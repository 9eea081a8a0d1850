import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '@shared/zod';
import { Machine } from '@shared/schemas/machine';
import { Page } from '@shared/schemas/transaction';
import { StaffMember, Ticket, TicketCounts } from '@shared/schemas/ticket';
import { asAdmin } from '../support/admin';
import { bearer, seededAccount, signInAs } from '../support/auth';
import { apiFetch, local } from '../support/local';
import { waitForEmail } from '../support/outbox';
import { closeStations, provision, stationFor, waitFor, type Provisioned } from './stations-support';

/** Issue 16, item 6: alerts and problem reports open maintenance tickets; staff assign, comment and close them. */

const Tickets = Page(Ticket);
const tokens: Record<'technician' | 'user' | 'host', Record<string, string>> = { technician: {}, user: {}, host: {} };
let ipCounter = 0;
const freshViewer = () => ({ 'cloudfront-viewer-address': `203.0.113.${++ipCounter}:443` });

let p: Provisioned;
beforeAll(async () => {
  p = await provision('Ticket Test Station');
  for (const role of ['technician', 'user', 'host'] as const) tokens[role] = bearer((await signInAs(role)).token);
});
afterAll(closeStations);

const ticketsOf = async (query: string, headers?: Record<string, string>) => {
  const answer = headers ? await apiFetch(`/api/admin/tickets?${query}`, { headers }) : await asAdmin(`/api/admin/tickets?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Tickets.parse(answer.body).items;
};
const asTechnician = (path: string, json?: unknown) => apiFetch(path, { method: json === undefined ? 'GET' : 'POST', headers: tokens.technician, ...(json === undefined ? {} : { json }) });
const report = async (note: string) => {
  const answer = await apiFetch('/api/reports', { method: 'POST', headers: freshViewer(), json: { stationId: p.machine.id, category: 'no-water', note } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string };
};

describe('maintenance tickets', () => {
  it('an opened alert opens a ticket, and the same rule opening again while it is open adds to it', async () => {
    const id = p.machine.id;
    const station = await stationFor(p);
    await station.connect();
    await station.heartbeat({ waterLevel: 9, quality: { tdsPpm: 40, temperatureC: 27 } });
    const first = await waitFor(() => ticketsOf(`stationId=${id}`), (list) => list.length === 1);
    expect(first.value[0]).toMatchObject({ stationId: id, stationName: 'Ticket Test Station', cause: 'alert:lowWater', title: 'Water level low', status: 'open', assignee: null });
    expect(first.value[0]!.sources).toEqual([expect.objectContaining({ kind: 'alert', rule: 'lowWater', detail: 'Water level 9% (below 15%)' })]);

    // Refilled (the alert resolves), then low again: a second alert, the same open ticket.
    await station.heartbeat({ waterLevel: 90, quality: { tdsPpm: 40, temperatureC: 27 } });
    await waitFor(async () => (await asAdmin(`/api/admin/alerts?stationId=${id}&status=resolved`)).body as { items: unknown[] }, (page) => page.items.length === 1);
    await station.heartbeat({ waterLevel: 7, quality: { tdsPpm: 40, temperatureC: 27 } });
    const added = await waitFor(() => ticketsOf(`stationId=${id}`), (list) => list[0]?.sources.length === 2);
    expect(added.value).toHaveLength(1);
    expect(added.value[0]!.sources.map((s) => s.detail)).toEqual(['Water level 9% (below 15%)', 'Water level 7% (below 15%)']);
    expect(added.value[0]!.history.map((h) => h.action)).toEqual(['opened', 'sourceAdded']);

    // Read in Bahasa Indonesia, list and page: the alerts' details composed from their facts, which stay unexposed.
    const indonesian = { 'accept-language': 'id-ID,id;q=0.9' };
    const inIndonesian = await asAdmin(`/api/admin/tickets?stationId=${id}`, { headers: indonesian });
    expect((inIndonesian.body as { items: Ticket[] }).items[0]!.sources.map((s) => s.detail)).toEqual(['Tingkat air 9% (di bawah 15%)', 'Tingkat air 7% (di bawah 15%)']);
    const page = await asAdmin(`/api/admin/tickets/${encodeURIComponent(added.value[0]!.id)}`, { headers: indonesian });
    expect((page.body as Ticket).sources.map((s) => s.detail)).toEqual(['Tingkat air 9% (di bawah 15%)', 'Tingkat air 7% (di bawah 15%)']);
    expect(JSON.stringify([inIndonesian.body, page.body])).not.toContain('"facts"');
  });

  it('problem reports share one ticket; assigning e-mails the assignee; comments; closing resolves the reports and clears the station flag', async () => {
    const id = p.machine.id;
    const [a, b] = [await report('Tap dry'), await report('Still dry')];
    const reportTickets = (await ticketsOf(`stationId=${id}`)).filter((t) => t.cause === 'reports');
    expect(reportTickets).toHaveLength(1);
    const ticket = reportTickets[0]!;
    expect(ticket.sources.map((s) => [s.kind, s.id, s.detail])).toEqual([['report', a.id, 'no-water: Tap dry'], ['report', b.id, 'no-water: Still dry']]);
    expect(Machine.parse((await apiFetch(`/api/machines/${id}`)).body).problemReported).toBe(true);
    expect(TicketCounts.parse((await asAdmin('/api/admin/tickets/counts')).body).open).toBeGreaterThanOrEqual(2);

    // Only staff can be assigned; the technician gets an e-mail linking the ticket.
    const notStaff = await asAdmin(`/api/admin/tickets/${ticket.id}/assign`, { method: 'POST', json: { assignee: seededAccount('user').username } });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.fields).toEqual({ assignee: 'Choose a technician or admin' });
    const technician = seededAccount('technician').username;
    const assigned = await asAdmin(`/api/admin/tickets/${ticket.id}/assign`, { method: 'POST', json: { assignee: technician.toUpperCase() } });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(Ticket.parse(assigned.body)).toMatchObject({ status: 'assigned', assignee: technician, assignedBy: expect.stringMatching(/^admin:/) });
    const email = await waitForEmail(local().mail.messages, technician, { matches: (m) => m.text?.includes(`/admin/tickets/${ticket.id}`) ?? false });
    expect(email.subject).toBe(`Ticket assigned to you: Problem reported at Ticket Test Station (${id})`);
    expect(email.text).toContain('no-water: Tap dry');
    expect((await ticketsOf('mine=true', tokens.technician)).map((t) => t.id)).toContain(ticket.id);
    expect((await ticketsOf('mine=true')).map((t) => t.id)).not.toContain(ticket.id);

    const commented = await asTechnician(`/api/admin/tickets/${ticket.id}/comments`, { text: 'Pump replaced tomorrow' });
    expect(commented.status, JSON.stringify(commented.body)).toBe(200);
    expect(Ticket.parse(commented.body).comments).toEqual([{ at: expect.any(String), by: `technician:${technician}`, text: 'Pump replaced tomorrow' }]);

    expect((await asTechnician(`/api/admin/tickets/${ticket.id}/close`, { resolution: ' ' })).status).toBe(400);
    const closed = await asTechnician(`/api/admin/tickets/${ticket.id}/close`, { resolution: 'Replaced the pump' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(Ticket.parse(closed.body)).toMatchObject({ status: 'closed', resolution: 'Replaced the pump', closedBy: `technician:${technician}` });
    const resolved = ((await asAdmin('/api/admin/reports?status=resolved')).body as { id: string; resolvedBy: string }[]).filter((r) => r.id === a.id || r.id === b.id);
    expect(resolved.map((r) => r.resolvedBy)).toEqual([`technician:${technician}`, `technician:${technician}`]);
    expect(Machine.parse((await apiFetch(`/api/machines/${id}`)).body).problemReported).toBe(false);

    // Closed is final; a new report opens a new ticket.
    expect((await asTechnician(`/api/admin/tickets/${ticket.id}/comments`, { text: 'late' })).status).toBe(409);
    expect((await asTechnician(`/api/admin/tickets/${ticket.id}/close`, { resolution: 'again' })).status).toBe(409);
    const viewed = Ticket.parse((await asTechnician(`/api/admin/tickets/${ticket.id}`)).body);
    expect(viewed.history.map((h) => h.action)).toEqual(['opened', 'sourceAdded', 'assigned', 'commented', 'closed']);
    await report('Dry again');
    const reopened = (await ticketsOf(`stationId=${id}`)).filter((t) => t.cause === 'reports');
    expect(reopened).toHaveLength(1);
    expect(reopened[0]!.id).not.toBe(ticket.id);
    expect((await ticketsOf(`stationId=${id}&status=closed`)).map((t) => t.id)).toEqual([ticket.id]);
  });

  it('offers the admins and technicians of the pool as assignees, no app user or host; assigning anyone else is a 400', async () => {
    const staff = z.array(StaffMember).parse((await asTechnician('/api/admin/staff')).body);
    expect(staff).toContainEqual({ email: seededAccount('admin').username, name: 'Ayu Admin', role: 'admin' });
    expect(staff).toContainEqual({ email: seededAccount('technician').username, name: 'Made Teknisi', role: 'technician' });
    const emails = staff.map((s) => s.email);
    for (const role of ['user', 'host'] as const) expect(emails).not.toContain(seededAccount(role).username);
    expect(emails).toEqual([...new Set(emails)]);
    expect((await asAdmin('/api/admin/staff')).body).toEqual(staff);
    for (const role of ['user', 'host'] as const) expect((await apiFetch('/api/admin/staff', { headers: tokens[role] })).status).toBe(403);

    const { id } = await report('Picker test');
    const ticket = (await ticketsOf(`stationId=${p.machine.id}`)).find((t) => t.cause === 'reports' && t.sources.some((s) => s.id === id))!;
    for (const assignee of [seededAccount('host').username, '', 'nobody@bali-refill.test']) {
      const refused = await asAdmin(`/api/admin/tickets/${ticket.id}/assign`, { method: 'POST', json: { assignee } });
      expect(refused.status, assignee).toBe(400);
      expect(refused.body.fields).toEqual({ assignee: 'Choose a technician or admin' });
    }
    const picked = await asAdmin(`/api/admin/tickets/${ticket.id}/assign`, { method: 'POST', json: { assignee: staff.find((s) => s.role === 'technician')!.email } });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  });

  it('refuses app users and hosts (403), bad filters (400) and unknown tickets (404)', async () => {
    for (const role of ['user', 'host'] as const) {
      expect((await apiFetch('/api/admin/tickets', { headers: tokens[role] })).status).toBe(403);
      expect((await apiFetch('/api/admin/tickets/any/close', { method: 'POST', headers: tokens[role], json: { resolution: 'x' } })).status).toBe(403);
    }
    const bad = await asAdmin('/api/admin/tickets?status=bogus&mine=perhaps');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['mine', 'status']);
    expect((await asAdmin('/api/admin/tickets/no-such-ticket')).status).toBe(404);
    expect((await asAdmin('/api/admin/tickets/no-such-ticket/comments', { method: 'POST', json: { text: 'hello' } })).status).toBe(404);
  });
});
