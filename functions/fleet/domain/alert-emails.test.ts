import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../platform/domain/email-template';
import { alertEmail, type AlertEmailData } from './alert-emails';

const alert: AlertEmailData = {
  alertId: 'HRL-00007.lowWater.1', rule: 'lowWater', stationId: 'HRL-00007', stationName: 'Sanur', detail: { en: 'Water level 12%', id: 'Tingkat air 12%' },
  openedAt: '2026-03-01T08:11:00.000Z', reminder: 0, link: 'https://refill.example/admin/alerts',
};

describe('the alert e-mail', () => {
  it("names the rule, the station and the time on Bali's clock, with the console's link", () => {
    const en = renderEmail(alertEmail, alert, 'en');
    expect(en.subject).toBe('Water level low: Sanur (HRL-00007)');
    expect(en.text).toContain('Water level 12%\nOpen since 1 Mar 2026, 16:11 WITA.\n');
    expect(en.text).toContain('admin console (https://refill.example/admin/alerts)');
    const id = renderEmail(alertEmail, alert, 'id');
    expect(id.subject).toBe('Tingkat air rendah: Sanur (HRL-00007)');
    expect(id.text).toContain('Tingkat air 12%\nTerbuka sejak 1 Mar 2026, 16.11 WITA.\n');
  });

  it('says a reminder is one, with its number', () => {
    expect(renderEmail(alertEmail, { ...alert, reminder: 2 }, 'en')).toMatchObject({ subject: 'Reminder: Water level low: Sanur (HRL-00007)', text: expect.stringContaining('Reminder 2: nobody has acknowledged it yet.') });
    expect(renderEmail(alertEmail, { ...alert, reminder: 2 }, 'id').subject).toBe('Pengingat: Tingkat air rendah: Sanur (HRL-00007)');
  });
});
