import { formatBaliStamp } from '@shared/format';
import type { Localized } from '@shared/language';
import type { AlertRule } from '@shared/schemas/alert';
import type { EmailTemplate } from '../../platform/domain/email-template';

/**
 * The fleet's e-mail (docs/architecture.md, "E-mail"): an open alert, then a reminder every repeat interval until
 * someone acknowledges it. Its recipients are addresses from settings, not accounts, so nothing says their language:
 * the sweep sends English, the console's first language.
 */

/** The rules' names, as the console shows them (the tickets an alert opens are titled with the English one). */
export const ALERT_TITLES: Record<AlertRule, Localized> = {
  offline: { en: 'Station offline', id: 'Stasiun offline' },
  lowWater: { en: 'Water level low', id: 'Tingkat air rendah' },
  quality: { en: 'Water quality out of range', id: 'Kualitas air di luar batas' },
  noVend: { en: 'No vend while online', id: 'Tidak ada pengisian saat online' },
  filterLife: { en: 'Filter due for a change', id: 'Filter perlu diganti' },
  vendFailures: { en: 'Vends failing', id: 'Pengisian sering gagal' },
  deadLetters: { en: 'Messages in a dead-letter queue', id: 'Pesan di antrean dead-letter' },
};

export interface AlertEmailData {
  alertId: string;
  rule: AlertRule;
  stationId: string;
  stationName: string;
  /** What the rule saw, in both languages (alert-details.ts). */
  detail: Localized;
  /** When it opened (an instant), shown on Bali's clock. */
  openedAt: string;
  /** How many e-mails went before this one: 0 for the first, then each reminder's number. */
  reminder: number;
  /** The console's alerts page, absolute. */
  link: string;
}

export const alertEmail: EmailTemplate<AlertEmailData> = {
  en: (d) => ({
    subject: `${d.reminder > 0 ? 'Reminder: ' : ''}${ALERT_TITLES[d.rule].en}: ${d.stationName} (${d.stationId})`,
    lines: [
      `${ALERT_TITLES[d.rule].en} at ${d.stationName} (${d.stationId}).`,
      d.detail.en,
      `Open since ${formatBaliStamp(d.openedAt, 'en')}.${d.reminder > 0 ? ` Reminder ${d.reminder}: nobody has acknowledged it yet.` : ''}`,
      '',
      `Acknowledge it on the Alerts page of the admin console (${d.link}) to stop these e-mails; it resolves by itself when the condition ends.`,
      `Alert ${d.alertId}`,
    ],
  }),
  id: (d) => ({
    subject: `${d.reminder > 0 ? 'Pengingat: ' : ''}${ALERT_TITLES[d.rule].id}: ${d.stationName} (${d.stationId})`,
    lines: [
      `${ALERT_TITLES[d.rule].id} di ${d.stationName} (${d.stationId}).`,
      d.detail.id,
      `Terbuka sejak ${formatBaliStamp(d.openedAt, 'id')}.${d.reminder > 0 ? ` Pengingat ${d.reminder}: belum ada yang menanggapinya.` : ''}`,
      '',
      `Tanggapi di halaman Peringatan konsol admin (${d.link}) untuk menghentikan e-mail ini; peringatan selesai sendiri saat kondisinya berakhir.`,
      `Peringatan ${d.alertId}`,
    ],
  }),
};
