import * as z from '../zod';
import { AddressQuery, AddressResult } from '../schemas/geocoding';
import { Alert, AlertCounts, AlertsQuery } from '../schemas/alert';
import { Page } from '../schemas/transaction';
import { Command, CommandDetail, CommandInput, CommandsQuery } from '../schemas/command';
import { Machine, MachineIdParams, MachineList, MachineStatus, StationType } from '../schemas/machine';
import { FileUpload } from '../schemas/upload';
import {
  SafetyClearInput,
  SafetyRecordParams,
  LabReportLink,
  LabReportUploadRequest,
  SafetyLockInput,
  SafetyOverview,
  SafetyRecord,
  SafetyRecordInput,
} from '../schemas/water-safety';
import { StationEvent, StationEventsQuery, TelemetryQuery, TelemetryReading } from '../schemas/telemetry';
import { lazySchema } from '../lazy-schema';
import { route, Id } from './route';

export const AdminMachineInput = /* @__PURE__ */ lazySchema(() => z.object({
  id: z.string().check(z.trim(), z.regex(/^[A-Z]{2,5}-\d{3,6}$/, 'Machine ID looks like HRL-00026')),
  name: z.string().check(z.trim(), z.minLength(1, 'Station name is required'), z.maxLength(120)),
  location: z.string().check(z.trim(), z.minLength(1, 'Location address is required'), z.maxLength(300)),
  latitude: z.string().check(z.trim(), z.minLength(1, 'Latitude is required'), z.refine((v) => Math.abs(Number(v)) <= 90, 'Latitude must be between -90 and 90')),
  longitude: z.string().check(z.trim(), z.minLength(1, 'Longitude is required'), z.refine((v) => Math.abs(Number(v)) <= 180, 'Longitude must be between -180 and 180')),
  status: z._default(MachineStatus, 'online'),
}));
export const ProvisionedMachine = /* @__PURE__ */ lazySchema(() => z.object({
  machine: Machine,
  /** Returned once; the private key is never stored. */
  bundle: z.object({ certificatePem: z.string(), privateKeyPem: z.string(), rootCaPem: z.string(), endpoint: z.string(), vendPublicKeyPem: z.string() }),
}));
export const AdminMachinePatch = /* @__PURE__ */ lazySchema(() => z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(120)),
  location: z.string().check(z.trim(), z.minLength(1, 'Location is required'), z.maxLength(300)),
  status: MachineStatus,
  /** The kind of place; null clears it; absent leaves it. */
  type: z.optional(z.nullable(StationType)),
  /** Keep the station off the public lists; absent leaves it. */
  hidden: z.optional(z.boolean()),
}));
export const adminCreateMachine = route({
  method: 'POST', path: '/api/admin/machines', auth: ['admin'], tag: 'admin', summary: 'Provision a station; returns its certificate bundle once',
  body: AdminMachineInput, status: 201, response: ProvisionedMachine, access: { table: 'write', iotProvisioning: true, signingKey: true },
});
export const adminListMachines = route({
  method: 'GET', path: '/api/admin/machines', auth: ['admin', 'technician'], tag: 'admin', summary: 'Every station with live status, those kept off the public lists too',
  response: MachineList, access: { table: 'read' },
});
export const adminUpdateMachine = route({
  method: 'PATCH', path: '/api/admin/machines/{id}/update', auth: ['admin'], tag: 'admin', summary: 'Edit a station',
  params: MachineIdParams, body: AdminMachinePatch, response: Machine, access: { table: 'write' },
});
export const adminMachineTelemetry = route({
  method: 'GET', path: '/api/admin/machines/{id}/telemetry', auth: ['admin', 'technician'], tag: 'admin', summary: "A station's heartbeat readings in a time range (at most 31 days), oldest first: a page at a time, or averaged per `step` seconds",
  params: MachineIdParams, query: TelemetryQuery, response: /* @__PURE__ */ lazySchema(() => Page(TelemetryReading)), access: { table: 'read' },
});
export const adminMachineEvents = route({
  method: 'GET', path: '/api/admin/machines/{id}/events', auth: ['admin', 'technician'], tag: 'admin', summary: "A station's latest connection events (connects, disconnects with the reason), newest first",
  params: MachineIdParams, query: StationEventsQuery, response: /* @__PURE__ */ lazySchema(() => z.array(StationEvent)), access: { table: 'read' },
});
export const adminMachineSafety = route({
  method: 'GET', path: '/api/admin/machines/{id}/safety', auth: ['admin', 'technician'], tag: 'admin', summary: "A station's water safety: its lock, the last sanitation and when the next is due, the last lab test, and its history newest first",
  params: MachineIdParams, response: SafetyOverview, access: { table: 'read' },
});
export const adminRecordSafety = route({
  method: 'POST', path: '/api/admin/machines/{id}/safety', auth: ['admin', 'technician'], tag: 'admin', summary: 'Record a sanitation visit or a lab test (pass or fail, with a note); a failed lab test locks the station',
  params: MachineIdParams, body: SafetyRecordInput, status: 201, response: SafetyRecord, access: { table: 'write', files: 'keepLabReport' },
});
export const adminCreateLabReportUpload = route({
  method: 'POST', path: '/api/admin/machines/{id}/safety/lab-report-uploads', auth: ['admin', 'technician'], tag: 'admin', summary: "A presigned POST to upload one lab test's PDF report (at most 5 MB), named then by the lab test's record",
  params: MachineIdParams, body: LabReportUploadRequest, status: 201, response: FileUpload, access: { table: 'read', files: 'upload' },
});
export const adminGetLabReport = route({
  method: 'GET', path: '/api/admin/machines/{id}/safety/{recordId}/lab-report', auth: ['admin', 'technician'], tag: 'admin', summary: "A short-lived link (5 minutes) to a lab test's PDF report; 404 when the record has none",
  params: SafetyRecordParams, response: LabReportLink, access: { table: 'read', files: 'readLabReport' },
});
export const adminLockStation = route({
  method: 'POST', path: '/api/admin/machines/{id}/safety/lock', auth: ['admin', 'technician'], tag: 'admin', summary: 'Lock a station on purpose, saying why (it denies vends until the lock is cleared); 409 when it is locked already',
  params: MachineIdParams, body: SafetyLockInput, response: Machine, access: { table: 'write' },
});
export const adminClearSafetyLock = route({
  method: 'POST', path: '/api/admin/machines/{id}/safety/clear', auth: ['admin', 'technician'], tag: 'admin', summary: "Clear a station's water safety lock, saying what was done; 409 while its cause still holds",
  params: MachineIdParams, body: SafetyClearInput, response: Machine, access: { table: 'write' },
});
export const adminListAlerts = route({
  method: 'GET', path: '/api/admin/alerts', auth: ['admin', 'technician'], tag: 'admin', summary: 'Alerts of the alert rules, newest first: active (open and acknowledged) by default, or by status, station and rule',
  query: AlertsQuery, response: /* @__PURE__ */ lazySchema(() => Page(Alert)), access: { table: 'read' },
});
export const adminAlertCounts = route({
  method: 'GET', path: '/api/admin/alerts/counts', auth: ['admin', 'technician'], tag: 'admin', summary: 'How many alerts are open and acknowledged (the count in the admin header)',
  response: AlertCounts, access: { table: 'read' },
});
export const adminAcknowledgeAlert = route({
  method: 'POST', path: '/api/admin/alerts/{id}/acknowledge', auth: ['admin', 'technician'], tag: 'admin', summary: 'Take an open alert on: its e-mails stop (it resolves by itself when the condition ends)',
  params: Id, response: Alert, access: { table: 'write' },
});
export const adminCreateCommand = route({
  method: 'POST', path: '/api/admin/commands', auth: ['admin'], secondFactor: true, tag: 'admin',
  summary: 'Send a remote command to some stations or all (audited): set the price per litre, lock, unlock, restart, or a firmware update rolled out a percent of the stations at a time that stops by itself when failures pass its threshold',
  body: CommandInput, status: 201, response: CommandDetail, access: { table: 'write', iotJobs: 'create' },
});
export const adminListCommands = route({
  method: 'GET', path: '/api/admin/commands', auth: ['admin'], tag: 'admin', summary: 'Remote commands, newest first',
  query: CommandsQuery, response: /* @__PURE__ */ lazySchema(() => Page(Command)), access: { table: 'read' },
});
export const adminGetCommand = route({
  method: 'GET', path: '/api/admin/commands/{id}', auth: ['admin'], tag: 'admin', summary: "A remote command with each station's execution (status, progress, rollout step)",
  params: Id, response: CommandDetail, access: { table: 'read' },
});
export const adminAbortCommand = route({
  method: 'POST', path: '/api/admin/commands/{id}/abort', auth: ['admin'], tag: 'admin', summary: 'Stop a command in progress (audited): its queued executions are canceled; 409 when it has finished',
  params: Id, response: CommandDetail, access: { table: 'write', iotJobs: 'cancel' },
});
export const geocode = route({
  method: 'GET', path: '/api/geocode', auth: ['admin'], tag: 'admin', summary: 'Address autocomplete in Bali',
  query: AddressQuery, response: /* @__PURE__ */ lazySchema(() => z.array(AddressResult)), access: { geocoder: true },
});
