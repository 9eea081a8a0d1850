import type { Driver } from '../drive';
import { is, list, notAdmin, record } from './helpers';

/** Problem reports, the tickets they open and the technicians' visits (shared/routes/fieldwork.ts). */
export const fieldwork = {
  'Api/createReportPhotoUpload': {
    http: [
      {
        name: 'presigns one photo upload under uploads/',
        body: { contentType: 'image/jpeg', size: 2048 },
        expect: 201,
        check: ({ body }) => is(/^uploads\//.test(String(record(body).key)) && typeof record(body).fields === 'object', `upload ${JSON.stringify(body)}`),
      },
      { name: 'refuses a type that is not an image', body: { contentType: 'text/html', size: 10 }, expect: 400 },
    ],
  },
  'Api/createProblemReport': {
    http: [
      {
        name: 'stores a report and flags its station',
        body: (s) => ({ stationId: s.station.id, category: 'no-water', note: 'Parity: the tap runs dry' }),
        expect: 201,
        check: ({ body }, s) => void (s.values.problemReportId = String(record(body).id)),
      },
      { name: 'answers 404 for an unknown station', body: { stationId: 'NOPE-00000', category: 'broken' }, expect: 404 },
    ],
  },
  'Api/adminListProblemReports': {
    http: [{ name: 'lists the open report', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((r) => r.id === s.kept('problemReportId')), 'the report is missing') }, notAdmin()],
  },
  'Api/adminGetProblemReportPhoto': {
    http: [
      { name: 'answers 404 for a report without a photo', as: 'admin', params: (s) => ({ id: s.kept('problemReportId') }), expect: 404 },
      notAdmin({ params: { id: 'no-such-report' } }),
    ],
  },
  // The problem report opened the station's ticket for reports.
  'Api/adminListTickets': {
    http: [
      {
        name: "lists the ticket the problem report opened",
        as: 'technician',
        query: (s) => ({ stationId: s.station.id }),
        expect: 200,
        check: ({ body }, s) => {
          const ticket = list(body).find((t) => t.cause === 'reports');
          s.values.ticketId = ticket ? String(ticket.id) : undefined;
          return is(ticket, 'the ticket is missing');
        },
      },
      notAdmin(),
    ],
  },
  'Api/adminTicketCounts': {
    http: [{ name: 'counts the open ticket', as: 'admin', expect: 200, check: ({ body }) => is(Number(record(body).open) >= 1, `counts ${JSON.stringify(body)}`) }, notAdmin()],
  },
  'Api/adminGetTicket': {
    http: [
      { name: 'reads the ticket', as: 'admin', params: (s) => ({ id: s.kept('ticketId') }), expect: 200 },
      { name: 'answers 404 for an unknown ticket', as: 'admin', params: { id: 'no-such-ticket' }, expect: 404 },
    ],
  },
  'Api/adminCommentTicket': {
    http: [
      { name: 'adds a comment', as: 'technician', params: (s) => ({ id: s.kept('ticketId') }), body: { text: 'On my way' }, expect: 200, check: ({ body }) => is(list(record(body).comments).length === 1, `ticket ${JSON.stringify(body)}`) },
      notAdmin({ params: (s) => ({ id: s.kept('ticketId') }), body: { text: 'parity' } }),
    ],
  },
  'Api/adminListStaff': {
    http: [
      { name: 'lists the admins and technicians', as: 'admin', expect: 200, check: ({ body }) => is(Array.isArray(body) && body.some((s) => record(s).email === 'tech@bali-refill.test' && record(s).role === 'technician'), `staff ${JSON.stringify(body)}`) },
      notAdmin(),
    ],
  },
  'Api/adminAssignTicket': {
    http: [
      { name: 'assigns the ticket to the technician', as: 'admin', params: (s) => ({ id: s.kept('ticketId') }), body: { assignee: 'tech@bali-refill.test' }, expect: 200, check: ({ body }) => is(record(body).assignee === 'tech@bali-refill.test', `ticket ${JSON.stringify(body)}`) },
      { name: 'refuses an account that is not staff', as: 'admin', params: (s) => ({ id: s.kept('ticketId') }), body: { assignee: 'wayan@bali-refill.test' }, expect: 400 },
    ],
  },
  'Api/adminResolveProblemReport': {
    http: [
      {
        name: 'resolves the report',
        as: 'admin',
        params: (s) => ({ id: s.kept('problemReportId') }),
        expect: 200,
        check: ({ body }) => is(record(body).status === 'resolved', `status ${String(record(body).status)}`),
      },
      { name: 'answers 404 for an unknown report', as: 'admin', params: { id: 'no-such-report' }, expect: 404 },
    ],
  },
  'Api/adminCloseTicket': {
    http: [
      { name: 'closes the ticket with a resolution', as: 'technician', params: (s) => ({ id: s.kept('ticketId') }), body: { resolution: 'Cleaned the tap' }, expect: 200, check: ({ body }) => is(record(body).status === 'closed', `ticket ${JSON.stringify(body)}`) },
      notAdmin({ params: (s) => ({ id: s.kept('ticketId') }), body: { resolution: 'parity' } }),
    ],
  },
  'Api/adminCheckIn': {
    http: [
      // The parity station stands at -8.5069, 115.2625 (fleet.ts, Api/adminCreateMachine).
      { name: 'records a technician check-in at the station', as: 'technician', params: (s) => ({ id: s.station.id }), body: { latitude: -8.507, longitude: 115.2625, accuracyMetres: 10 }, expect: 201, check: ({ body }) => is(record(body).kind === 'checkedIn', `event ${JSON.stringify(body)}`) },
      { name: 'refuses a check-in from a kilometre away', as: 'technician', params: (s) => ({ id: s.station.id }), body: { latitude: -8.5159, longitude: 115.2625 }, expect: 409 },
      notAdmin({ params: (s) => ({ id: s.station.id }), body: { latitude: -8.507, longitude: 115.2625 } }),
    ],
  },
} satisfies Record<string, Driver>;
