import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../platform/domain/email-template';
import { ticketAssignedEmail } from './ticket-emails';

describe('the ticket assignment e-mail', () => {
  const ticket = {
    assignedBy: 'ayu@bali-refill.test', title: 'Problem reported', stationId: 'HRL-00001', stationName: 'Ubud Market',
    sources: [{ kind: 'report', at: '2026-03-01T08:00:00.000Z', detail: 'no-water: Tap dry' }, { kind: 'alert', at: '2026-03-01T09:30:00.000Z', detail: 'Water level 9%' }],
    link: 'https://refill.example/admin/tickets/T%2F1',
  } as const;

  it("lists what opened it on Bali's clock and links to the ticket, in each language", () => {
    expect(renderEmail(ticketAssignedEmail, { ...ticket, sources: [...ticket.sources] }, 'en')).toEqual({
      subject: 'Ticket assigned to you: Problem reported at Ubud Market (HRL-00001)',
      text: [
        'ayu@bali-refill.test assigned you a maintenance ticket: Problem reported at Ubud Market (HRL-00001).',
        '- Problem report at 1 Mar 2026, 16:00 WITA: no-water: Tap dry',
        '- Alert at 1 Mar 2026, 17:30 WITA: Water level 9%',
        '',
        'Open it: https://refill.example/admin/tickets/T%2F1',
      ].join('\n'),
    });
    const id = renderEmail(ticketAssignedEmail, { ...ticket, sources: [...ticket.sources] }, 'id');
    expect(id.subject).toBe('Tiket untuk Anda: Problem reported di Ubud Market (HRL-00001)');
    expect(id.text).toContain('- Laporan masalah pada 1 Mar 2026, 16.00 WITA: no-water: Tap dry');
  });
});
