import { formatBaliStamp } from '@shared/format';
import type { EmailTemplate } from '../../platform/domain/email-template';

/**
 * Field work's e-mail (docs/architecture.md, "E-mail"): a ticket assigned to a technician or an admin. The staff
 * directory knows no account's language, so it is sent in English, the console's first language.
 */
export interface TicketAssignedEmailData {
  /** Who assigned it: the admin's sign-in name. */
  assignedBy: string;
  title: string;
  stationId: string;
  stationName: string;
  /** What opened it: alerts and problem reports, with when (instants, shown on Bali's clock) and what they said. */
  sources: { kind: 'alert' | 'report'; at: string; detail: string }[];
  /** The ticket's page in the console, absolute. */
  link: string;
}

export const ticketAssignedEmail: EmailTemplate<TicketAssignedEmailData> = {
  en: (d) => ({
    subject: `Ticket assigned to you: ${d.title} at ${d.stationName} (${d.stationId})`,
    lines: [
      `${d.assignedBy} assigned you a maintenance ticket: ${d.title} at ${d.stationName} (${d.stationId}).`,
      ...d.sources.map((s) => `- ${s.kind === 'alert' ? 'Alert' : 'Problem report'} at ${formatBaliStamp(s.at, 'en')}: ${s.detail}`),
      '',
      `Open it: ${d.link}`,
    ],
  }),
  id: (d) => ({
    subject: `Tiket untuk Anda: ${d.title} di ${d.stationName} (${d.stationId})`,
    lines: [
      `${d.assignedBy} memberi Anda tiket perawatan: ${d.title} di ${d.stationName} (${d.stationId}).`,
      ...d.sources.map((s) => `- ${s.kind === 'alert' ? 'Peringatan' : 'Laporan masalah'} pada ${formatBaliStamp(s.at, 'id')}: ${s.detail}`),
      '',
      `Buka: ${d.link}`,
    ],
  }),
};
