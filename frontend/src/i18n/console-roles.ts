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
    locating: 'Finding where you are...',
    noPosition: 'Check in needs your location: allow this site to use it, then try again.',
    prompt: 'Technician at this station?',
    promptText: 'Check in to record your visit: the station page shows who was here and when.',
    openStation: 'Open the station page',
  },
  checkedInBy: (who: string) => `Checked in by ${who}`,
  hostLink: {
    title: 'Host',
    text: 'The partner business on whose premises the station stands sees its refills, litres, bottles saved, uptime and its revenue share.',
    email: "Host's sign-in e-mail",
    business: 'Business name (on the report)',
    none: 'No host linked.',
    linked: (email: string) => `Linked to ${email}`,
    linkedBusiness: (business: string, email: string) => `Linked to ${business} (${email})`,
    save: 'Save',
    unlink: 'Unlink',
    failed: 'It could not be saved. Try again.',
  },
  host: {
    badge: 'Host',
    title: 'Your stations',
    subtitle: (month: string) => `Report for ${month}`,
    period: (from: string, to: string) => `Period: ${from} – ${to} (Bali time)`,
    report: 'Host report',
    month: 'Month',
    print: 'Print the report',
    logout: 'Logout',
    loading: 'Loading your stations...',
    loadError: 'Your stations could not be loaded.',
    retry: 'Try again',
    none: 'No stations are linked to your account yet. Ask the Bali Refill team to link them.',
    totals: { litres: 'Litres refilled', bottles: 'Plastic bottles saved', co2: 'CO₂ saved (kg)', refills: 'Refills', revenue: 'Revenue', share: (percent: string) => `Your revenue share (${percent})` },
    head: { station: 'Station', refills: 'Refills', litres: 'Litres', bottles: 'Bottles saved', revenue: 'Revenue', uptime: 'Uptime' },
    statuses: { online: 'Online', offline: 'Offline', maintenance: 'Maintenance', locked: 'Locked' },
    method: 'Litres are metered by the stations. One plastic bottle is counted as 0.5 litres.',
    shareRule: (percent: string) => `Refills and revenue are the paid refills of the period. Your share is ${percent} of that revenue, rounded to the rupiah.`,
    thanks: 'Thank you for hosting a Bali Refill station: every refill is a plastic bottle that was not bought.',
  },
});
