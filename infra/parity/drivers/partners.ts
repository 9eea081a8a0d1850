import type { Driver, Scenario } from '../drive';
import { is, list, notAdmin, record } from './helpers';

const hostRequest = (s: Scenario) => ({
  businessName: 'Warung Parity',
  contactName: 'Made Parity',
  email: 'made.parity@example.com',
  phone: '+62 361 000 000',
  address: `Jl. Parity ${s.station.id}, Ubud`,
  businessType: 'cafe',
  expectedFootfall: '100-300',
});

/** Host applications and partner sign-ups, a station's host and the host's impact (shared/routes/partners.ts). */
export const partners = {
  'Api/getSupportContact': {
    http: [{ name: 'answers the contact of the settings', expect: 200, check: ({ body }) => is('whatsapp' in record(body) && 'email' in record(body), 'no contact fields') }],
  },
  'Api/createHostRequest': {
    http: [
      { name: 'stores a host application', body: hostRequest, expect: 201, check: ({ body }, s) => void (s.values.hostRequestId = String(record(body).id)) },
      { name: 'refuses an invalid e-mail address', body: (s) => ({ ...hostRequest(s), email: 'not-an-email' }), expect: 400 },
    ],
  },
  'Api/partnerSignup': {
    http: [
      { name: 'stores a partner sign-up', body: hostRequest, expect: 201, check: ({ body }, s) => void (s.values.partnerRequestId = String(record(body).id)) },
      { name: 'refuses a missing business type', body: (s) => ({ ...hostRequest(s), businessType: undefined }), expect: 400 },
    ],
  },
  'Api/adminListHostRequests': {
    http: [{ name: 'lists host applications', as: 'admin', expect: 200, check: ({ body }, s) => is(list(body).some((r) => r.id === s.kept('hostRequestId')), 'the new application is missing') }, notAdmin()],
  },
  'Api/adminUpdateHostRequest': {
    http: [
      { name: 'marks an application contacted', as: 'admin', params: (s) => ({ id: s.kept('hostRequestId') }), body: { status: 'contacted' }, expect: 200 },
      { name: 'answers 404 for an unknown application', as: 'admin', params: { id: 'no-such-request' }, body: { status: 'contacted' }, expect: 404 },
    ],
  },
  'Api/adminDeleteHostRequest': {
    http: [
      { name: 'deletes an application', as: 'admin', params: (s) => ({ id: s.kept('partnerRequestId') }), expect: 204 },
      { name: 'answers 404 for an unknown application', as: 'admin', params: { id: 'no-such-request' }, expect: 404 },
    ],
  },
  'Api/adminSetMachineHost': {
    http: [
      { name: 'links the station to the host account', as: 'admin', params: (s) => ({ id: s.station.id }), body: { hostEmail: 'host@bali-refill.test', businessName: 'Parity Warung' }, expect: 200 },
      { name: 'refuses a technician', as: 'technician', params: (s) => ({ id: s.station.id }), body: { hostEmail: null }, expect: 403 },
    ],
  },
  'Api/adminGetMachineHost': {
    http: [
      { name: "reads the station's host", as: 'admin', params: (s) => ({ id: s.station.id }), expect: 200, check: ({ body }) => is(record(body).hostEmail === 'host@bali-refill.test', `host ${JSON.stringify(body)}`) },
      notAdmin({ params: (s) => ({ id: s.station.id }) }),
    ],
  },
  'Api/hostImpactReport': {
    http: [
      { name: "reports the host's stations of the month", as: 'host', expect: 200, check: ({ body }, s) => is(list(record(body).stations).some((m) => m.id === s.station.id), 'the linked station is missing') },
      { name: 'refuses an admin (hosts only)', as: 'admin', expect: 403 },
    ],
  },
  'Api/hostStationImpact': {
    http: [
      { name: "reads one of the host's stations", as: 'host', params: (s) => ({ id: s.station.id }), expect: 200 },
      { name: 'answers 404 for a station that is not the host\'s', as: 'host', params: { id: 'PRT-000001' }, expect: 404 },
    ],
  },
} satisfies Record<string, Driver>;
