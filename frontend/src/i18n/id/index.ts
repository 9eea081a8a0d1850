/** The Indonesian side of every text table, one chunk fetched only when Indonesian is the language (see ../language.ts). */
export { common } from './common';
export { landing } from './landing';
export { hostForm } from './host-form';
export { about } from './about';
export { docs } from './docs';
export { stationTexts } from './stations';
export { reportTexts } from './reports';
export { adminStation } from './admin-station';
export { adminAlerts } from './admin-alerts';
export { guestTexts } from './guest';
export { withdrawalTexts } from './withdrawal';
export { adminClaims, claimTexts } from './claims';
export { adminVisits } from './admin-visits';
export { consoleRoles } from './console-roles';
export { adminTickets } from './admin-tickets';
export { adminCommands } from './admin-commands';
