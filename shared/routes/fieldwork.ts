import * as z from '../zod';
import { Page } from '../schemas/transaction';
import { MachineIdParams } from '../schemas/machine';
import { FileUpload } from '../schemas/upload';
import {
  PhotoUploadRequest,
  ProblemReport,
  ProblemReportInput,
  ProblemReportPhoto,
  ProblemReportQuery,
} from '../schemas/report';
import { CheckInInput, StationEvent } from '../schemas/telemetry';
import {
  Ticket,
  StaffMember,
  TicketAssignInput,
  TicketCloseInput,
  TicketCommentInput,
  TicketCounts,
  TicketsQuery,
} from '../schemas/ticket';
import { lazySchema } from '../lazy-schema';
import { route, Id } from './route';

export const createReportPhotoUpload = route({
  method: 'POST', path: '/api/reports/photo-uploads', auth: 'public', tag: 'stations', summary: 'A presigned POST to upload one photo for a problem report (rate limited per client)',
  body: PhotoUploadRequest, status: 201, response: FileUpload, access: { table: 'write', files: 'upload' },
});
export const createProblemReport = route({
  method: 'POST', path: '/api/reports', auth: 'public', tag: 'stations', summary: 'Report a problem at a station (rate limited per client); an uploaded photo is checked and stripped of its metadata',
  body: ProblemReportInput, status: 201, response: ProblemReport, access: { table: 'write', files: 'keepPhoto' },
});
export const adminListProblemReports = route({
  method: 'GET', path: '/api/admin/reports', auth: ['admin', 'technician'], tag: 'admin', summary: 'Problem reports of one status (open by default), newest first',
  query: ProblemReportQuery, response: /* @__PURE__ */ lazySchema(() => z.array(ProblemReport)), access: { table: 'read' },
});
export const adminGetProblemReportPhoto = route({
  method: 'GET', path: '/api/admin/reports/{id}/photo', auth: ['admin', 'technician'], tag: 'admin', summary: "A report's photo, without its metadata, as a data: URL",
  params: Id, response: ProblemReportPhoto, access: { table: 'read', files: 'readPhoto' },
});
export const adminResolveProblemReport = route({
  method: 'POST', path: '/api/admin/reports/{id}/resolve', auth: ['admin', 'technician'], tag: 'admin', summary: 'Mark a problem report resolved (the station stops showing it once none is open)',
  params: Id, response: ProblemReport, access: { table: 'write' },
});
export const adminCheckIn = route({
  method: 'POST', path: '/api/admin/machines/{id}/check-in', auth: ['admin', 'technician'], tag: 'admin', summary: "A technician checks in at a station (after scanning its QR) from the phone's position: a station event with who, when and how far; 409 when further than the check-in distance, or the station has no coordinates",
  params: MachineIdParams, body: CheckInInput, status: 201, response: StationEvent, access: { table: 'write' },
});
export const adminListTickets = route({
  method: 'GET', path: '/api/admin/tickets', auth: ['admin', 'technician'], tag: 'admin', summary: 'Maintenance tickets, newest first: active (open and assigned) by default, or by status, station, and the caller\'s own (`mine`)',
  query: TicketsQuery, response: /* @__PURE__ */ lazySchema(() => Page(Ticket)), access: { table: 'read' },
});
export const adminTicketCounts = route({
  method: 'GET', path: '/api/admin/tickets/counts', auth: ['admin', 'technician'], tag: 'admin', summary: 'How many tickets are open (unassigned) and assigned (the count in the admin header)',
  response: TicketCounts, access: { table: 'read' },
});
export const adminGetTicket = route({
  method: 'GET', path: '/api/admin/tickets/{id}', auth: ['admin', 'technician'], tag: 'admin', summary: 'One ticket with its sources (alerts, problem reports), comments and history',
  params: Id, response: Ticket, access: { table: 'read' },
});
export const adminAssignTicket = route({
  method: 'POST', path: '/api/admin/tickets/{id}/assign', auth: ['admin', 'technician'], tag: 'admin', summary: 'Assign a ticket to a technician or admin by sign-in e-mail (400 for any other account), who is e-mailed; 409 when closed',
  params: Id, body: TicketAssignInput, response: Ticket, access: { table: 'write', cognito: true, mail: true },
});
export const adminListStaff = route({
  method: 'GET', path: '/api/admin/staff', auth: ['admin', 'technician'], tag: 'admin', summary: 'The accounts a ticket can be assigned to: administrators and technicians (Cognito groups), by name',
  response: /* @__PURE__ */ lazySchema(() => z.array(StaffMember)), access: { cognito: true },
});
export const adminCommentTicket = route({
  method: 'POST', path: '/api/admin/tickets/{id}/comments', auth: ['admin', 'technician'], tag: 'admin', summary: 'Add a comment to a ticket that is not closed (409 when closed)',
  params: Id, body: TicketCommentInput, response: Ticket, access: { table: 'write' },
});
export const adminCloseTicket = route({
  method: 'POST', path: '/api/admin/tickets/{id}/close', auth: ['admin', 'technician'], tag: 'admin', summary: "Close a ticket with a resolution note; its open problem reports are resolved in the same transaction (the station's flag clears)",
  params: Id, body: TicketCloseInput, response: Ticket, access: { table: 'write' },
});
