import * as z from '../zod';
import { Page, PageQuery } from '../schemas/transaction';
import { HostRequest, HostRequestInput, HostRequestPatch } from '../schemas/host-request';
import { HostImpactReport, HostReportQuery, HostStationImpact, MachineHost, MachineHostInput } from '../schemas/host';
import { MachineIdParams } from '../schemas/machine';
import { SupportContact } from '../schemas/settings';
import { lazySchema } from '../lazy-schema';
import { route, Id } from './route';

/** Host requests are read a page at a time: submissions are long (comments, notes), so a page stays far below Lambda's 6 MB. */
const HOST_REQUESTS_PAGE_MAX = 50;
export const getSupportContact = route({
  method: 'GET', path: '/api/contact', auth: 'public', tag: 'partners', summary: "How visitors reach the team: the WhatsApp number and e-mail address of the settings (null where none is set)",
  response: SupportContact, access: { table: 'read' },
});
export const createHostRequest = route({
  method: 'POST', path: '/api/host-requests', auth: 'public', tag: 'partners', summary: 'Apply to host a station',
  body: HostRequestInput, status: 201, response: HostRequest, access: { table: 'write' },
});
export const partnerSignup = route({
  method: 'POST', path: '/api/partner/signup', auth: 'public', tag: 'partners', summary: 'Documented partner sign-up; same as a host application',
  body: HostRequestInput, status: 201, response: HostRequest, access: { table: 'write' },
});
export const adminListHostRequests = route({
  method: 'GET', path: '/api/admin/host-requests', auth: ['admin'], tag: 'admin', summary: 'Host applications, newest first, a page at a time',
  query: /* @__PURE__ */ lazySchema(() => z.extend(PageQuery, { limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(HOST_REQUESTS_PAGE_MAX)), 25) })), response: /* @__PURE__ */ lazySchema(() => Page(HostRequest)), access: { table: 'read' },
});
export const adminUpdateHostRequest = route({
  method: 'PATCH', path: '/api/admin/host-requests/{id}', auth: ['admin'], tag: 'admin', summary: 'Change status or edit a host application',
  params: Id, body: HostRequestPatch, response: HostRequest, access: { table: 'write' },
});
export const adminDeleteHostRequest = route({
  method: 'DELETE', path: '/api/admin/host-requests/{id}', auth: ['admin'], tag: 'admin', summary: 'Delete a host application',
  params: Id, status: 204, response: /* @__PURE__ */ lazySchema(() => z.null()), access: { table: 'write' },
});
export const adminGetMachineHost = route({
  method: 'GET', path: '/api/admin/machines/{id}/host', auth: ['admin'], tag: 'admin', summary: 'The host account a station is linked to (null when none)',
  params: MachineIdParams, response: MachineHost, access: { table: 'read' },
});
export const adminSetMachineHost = route({
  method: 'PUT', path: '/api/admin/machines/{id}/host', auth: ['admin'], tag: 'admin', summary: "Link a station to a host account by the host's sign-in e-mail (null unlinks it)",
  params: MachineIdParams, body: MachineHostInput, response: MachineHost, access: { table: 'write' },
});
export const hostImpactReport = route({
  method: 'GET', path: '/api/host/stations', auth: ['host'], tag: 'partners', summary: "The host's own stations and their month: litres, bottles saved, CO2 saved and uptime (the monthly impact report)",
  query: HostReportQuery, response: HostImpactReport, access: { table: 'read' },
});
export const hostStationImpact = route({
  method: 'GET', path: '/api/host/stations/{id}', auth: ['host'], tag: 'partners', summary: "One of the host's own stations in a month (404 for any other station)",
  params: MachineIdParams, query: HostReportQuery, response: HostStationImpact, access: { table: 'read' },
});
