import { describe, expect, it } from 'vitest';
import { renderEmail, type EmailTemplate } from './email-template';

describe('renderEmail', () => {
  const template: EmailTemplate<{ name: string; note: string | null }> = {
    en: (d) => ({ subject: `Hello ${d.name}`, lines: ['First', d.note, d.note && '', 'Last'] }),
    id: (d) => ({ subject: `Halo ${d.name}`, lines: ['Pertama', false, 'Terakhir'] }),
  };

  it('writes the language asked for, its lines one per line, leaving out the lines not shown', () => {
    expect(renderEmail(template, { name: 'Wayan', note: null }, 'en')).toEqual({ subject: 'Hello Wayan', text: 'First\nLast' });
    expect(renderEmail(template, { name: 'Wayan', note: 'A note' }, 'en').text).toBe('First\nA note\n\nLast');
    expect(renderEmail(template, { name: 'Wayan', note: 'A note' }, 'id')).toEqual({ subject: 'Halo Wayan', text: 'Pertama\nTerakhir' });
  });
});
