import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { SesMailer } from './ses-mailer';

// SES has no local emulator: the call's shape is checked against a mocked client (the local cloud sends through the
// outbox instead, test/integration/local-mail.test.ts).
const ses = mockClient(SESv2Client);
afterEach(() => ses.reset());

const mailer = () => new SesMailer(new SESv2Client({ region: 'ap-southeast-1' }), { from: 'Bali Refill <no-reply@example.org>', configurationSet: 'refill-mail', siteUrl: 'https://d111.cloudfront.net' });

describe('SesMailer', () => {
  it('sends one simple UTF-8 message from the deployment sender under its configuration set', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    await expect(mailer().send({ to: 'ayu@example.com', subject: 'Terima kasih', text: 'Rp 1.234 — kembali Rp 266', html: '<p>Rp 1.234</p>' })).resolves.toEqual({ messageId: 'ses-1' });
    expect(ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input)).toEqual([{
      FromEmailAddress: 'Bali Refill <no-reply@example.org>',
      Destination: { ToAddresses: ['ayu@example.com'] },
      ConfigurationSetName: 'refill-mail',
      Content: {
        Simple: {
          Subject: { Data: 'Terima kasih', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Rp 1.234 — kembali Rp 266', Charset: 'UTF-8' }, Html: { Data: '<p>Rp 1.234</p>', Charset: 'UTF-8' } },
        },
      },
    }]);
  });

  it("links to the deployment's site, whatever trailing slash its setting has", () => {
    expect(mailer().linkTo('/r/GO-1~secret')).toBe('https://d111.cloudfront.net/r/GO-1~secret');
    const slashed = new SesMailer(new SESv2Client({ region: 'ap-southeast-1' }), { from: 'x <x@example.org>', configurationSet: 'c', siteUrl: 'https://refill.example/' });
    expect(slashed.linkTo('/r/GO-2~s')).toBe('https://refill.example/r/GO-2~s');
  });

  it('sends text alone when there is no HTML, and lets a refusal through to the caller', async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
    await expect(mailer().send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow('not verified');
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Body).toEqual({ Text: { Data: 't', Charset: 'UTF-8' } });
  });
});
