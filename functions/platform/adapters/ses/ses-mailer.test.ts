import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { AwsHttpApi, type AwsReply } from '../aws/aws-http-api';
import { recordingSender, sdkRecorder, signatureOf, TEST_CREDENTIALS, TEST_ENV, wireShape } from '../aws/aws-http-api.test-fakes';
import { SesMailer } from './ses-mailer';

// SES has no local emulator (the local cloud sends through the outbox instead, test/integration/local-mail.test.ts):
// what the mailer sends is checked against what SES's own SDK client sends for the same message.
const options = { from: 'Bali Refill <no-reply@example.org>', configurationSet: 'refill-mail', siteUrl: 'https://d111.cloudfront.net' };
const mailer = (reply: Partial<AwsReply> = { body: new TextEncoder().encode('{"MessageId":"ses-1"}') }, siteUrl = options.siteUrl) => {
  const sender = recordingSender(reply);
  const api = new AwsHttpApi({ signingName: 'ses', endpoint: 'https://email.ap-southeast-1.amazonaws.com' }, { env: TEST_ENV, credentials: async () => TEST_CREDENTIALS, send: sender.send });
  return { ...sender, mailer: new SesMailer(api, { ...options, siteUrl }) };
};
const sdkRequest = async (input: SendEmailCommandInput) => {
  const sdk = sdkRecorder({ body: '{"MessageId":"ses-1"}' });
  await new SESv2Client(sdk.config).send(new SendEmailCommand(input));
  return sdk.requests[0]!;
};

describe('SesMailer', () => {
  it("sends one simple UTF-8 message from the deployment sender under its configuration set, as SES's SDK client sends it", async () => {
    const ours = mailer();
    await expect(ours.mailer.send({ to: 'ayu@example.com', subject: 'Terima kasih', text: 'Rp 1.234 — kembali Rp 266', html: '<p>Rp 1.234</p>' })).resolves.toEqual({ messageId: 'ses-1' });
    const expected = await sdkRequest({
      FromEmailAddress: 'Bali Refill <no-reply@example.org>',
      Destination: { ToAddresses: ['ayu@example.com'] },
      ConfigurationSetName: 'refill-mail',
      Content: {
        Simple: {
          Subject: { Data: 'Terima kasih', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Rp 1.234 — kembali Rp 266', Charset: 'UTF-8' }, Html: { Data: '<p>Rp 1.234</p>', Charset: 'UTF-8' } },
        },
      },
    });
    expect(wireShape(ours.requests[0]!)).toEqual(wireShape(expected));
    expect(signatureOf(ours.requests[0]!).scope).toBe('ap-southeast-1/ses/aws4_request');
  });

  it("links to the deployment's site, whatever trailing slash its setting has", () => {
    expect(mailer().mailer.linkTo('/r/GO-1~secret')).toBe('https://d111.cloudfront.net/r/GO-1~secret');
    expect(mailer(undefined, 'https://refill.example/').mailer.linkTo('/r/GO-2~s')).toBe('https://refill.example/r/GO-2~s');
  });

  it('sends text alone when there is no HTML, and lets a refusal through to the caller', async () => {
    const refused = mailer({ status: 400, headers: { 'x-amzn-errortype': 'MessageRejected' }, body: new TextEncoder().encode('{"message":"Email address is not verified."}') });
    await expect(refused.mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toMatchObject({ name: 'MessageRejected', message: 'Email address is not verified.' });
    expect(refused.requests).toHaveLength(1);
    expect(JSON.parse(String(refused.requests[0]!.body)).Content.Simple.Body).toEqual({ Text: { Data: 't', Charset: 'UTF-8' } });
  });
});
