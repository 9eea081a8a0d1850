import * as z from '../zod';
import { Machine, MachineIdParams, MachineList } from '../schemas/machine';
import { lazySchema } from '../lazy-schema';
import { route } from './route';

/** The stations the caller starred, in id order. */
const Favourites = /* @__PURE__ */ lazySchema(() => z.object({ stationIds: z.array(z.string()) }));
export const listMachines = route({
  method: 'GET', path: '/api/machines', auth: 'public', tag: 'stations', summary: 'All stations with live status',
  response: MachineList, access: { table: 'read' },
});
export const getMachine = route({
  method: 'GET', path: '/api/machines/{id}', auth: 'public', tag: 'stations', summary: 'One station',
  params: MachineIdParams, response: Machine, access: { table: 'read' },
});
export const listFavourites = route({
  method: 'GET', path: '/api/favourites', auth: 'user', tag: 'account', summary: 'The stations the caller starred',
  response: Favourites, access: { table: 'read' },
});
export const addFavourite = route({
  method: 'PUT', path: '/api/favourites/{id}', auth: 'user', tag: 'account', summary: 'Star a station (idempotent; 404 for an unknown station); answers all the stars',
  params: MachineIdParams, response: Favourites, access: { table: 'write' },
});
export const removeFavourite = route({
  method: 'DELETE', path: '/api/favourites/{id}', auth: 'user', tag: 'account', summary: 'Unstar a station (idempotent); answers the remaining stars',
  params: MachineIdParams, response: Favourites, access: { table: 'write' },
});
