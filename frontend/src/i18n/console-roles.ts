import { defineMessages } from './messages';

/**
 * The console's technician and host parts (docs/architecture.md, "Roles"): the check-in at a station, the
 * technician's view of the console, the admin's link of a station to its host, and the host's impact page.
 */
export const consoleRoles = defineMessages('consoleRoles', {
  roles: { admin: 'Administrator', technician: 'Technician', host: 'Host' },
  technicianTitle: 'Stations',
  technicianSubtitle: 'Stations, alerts, telemetry and water safety across Bali.',
  checkIn: {
    action: 'Check in',
    done: (time: string) => `Checked in at ${time}`,
    failed: 'The check-in failed. Try again.',
    prompt: 'Technician at this station?',
    promptText: 'Check in to record your visit: the station page shows who was here and when.',
    openStation: 'Open the station page',
  },
  checkedInBy: (who: string) => `Checked in by ${who}`,
  hostLink: {
    title: 'Host',
    text: 'The partner business on whose premises the station stands sees its litres, bottles saved and uptime.',
    email: "Host's sign-in e-mail",
    none: 'No host linked.',
    linked: (email: string) => `Linked to ${email}`,
    save: 'Save',
    unlink: 'Unlink',
    failed: 'It could not be saved. Try again.',
  },
  host: {
    badge: 'Host',
    title: 'Your stations',
    subtitle: (month: string) => `Impact report for ${month}`,
    month: 'Month',
    print: 'Print the report',
    logout: 'Logout',
    loading: 'Loading your stations...',
    loadError: 'Your stations could not be loaded.',
    retry: 'Try again',
    none: 'No stations are linked to your account yet. Ask the Bali Refill team to link them.',
    totals: { litres: 'Litres refilled', bottles: 'Plastic bottles saved', co2: 'CO₂ saved (kg)' },
    head: { station: 'Station', litres: 'Litres', bottles: 'Bottles saved', uptime: 'Uptime' },
    statuses: { online: 'Online', offline: 'Offline', maintenance: 'Maintenance', locked: 'Locked' },
    method: 'Litres are metered by the stations. One plastic bottle is counted as 0.5 litres.',
    thanks: 'Thank you for hosting a Bali Refill station: every refill is a plastic bottle that was not bought.',
  },
});
