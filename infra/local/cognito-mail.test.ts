import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { codeEmail, once, relayCodeDeliveries, watchStoredCodes, type CodeDelivery } from './cognito-mail';

// What cognito-local 5.3.0 writes for a sign-up and a password reset (pino-pretty, colours on), with the person's locale
// that identity-server.mjs adds as the 'Email Message'.
const box = (reqId: string, target: string, destination: string, code: string, locale = '') =>
  `[1795447214976] \u001b[32mINFO\u001b[39m: \u001b[36m${reqId} ${target} ╭───────────────────────────╮\n│                           │\n│   Confirmation Code Delivery   │\n│                           │\n│   Username:      beede3a8-1ee4-47a3-a6dd-f9be3d839f01   │\n│   Destination:   ${destination}   │\n│   Code:          ${code}   │\n│   Email Message: locale=${locale}   │\n│                           │\n╰───────────────────────────╯\u001b[39m \u001b[90m{"reqId":"${reqId}","target":"${target}"}\u001b[39m\n`;

async function relayed(chunks: string[]): Promise<CodeDelivery[]> {
  const log = new PassThrough();
  const deliveries: CodeDelivery[] = [];
  relayCodeDeliveries(log, (d) => deliveries.push(d));
  for (const chunk of chunks) {
    log.write(chunk);
    await new Promise((r) => setImmediate(r));
  }
  return deliveries;
}

describe("relaying cognito-local's code deliveries", () => {
  it('finds each delivery once, also when the log arrives in pieces cut anywhere', async () => {
    const log = '[1] INFO: NONE NONE Cognito Local running on http://127.0.0.1:1\n' + box('ce8e7de7', 'SignUp', 'a@b.test', '792017', 'id') + box('a6ea4f97', 'ForgotPassword', 'c@b.test', '173454');
    const expected = [
      { purpose: 'confirmEmail', destination: 'a@b.test', code: '792017', language: 'id' },
      { purpose: 'passwordReset', destination: 'c@b.test', code: '173454', language: 'en' },
    ];
    expect(await relayed([log])).toEqual(expected);
    for (const size of [1, 7, 64]) {
      const pieces = log.match(new RegExp(`[\\s\\S]{1,${size}}`, 'gu'))!;
      expect(await relayed(pieces), `pieces of ${size}`).toEqual(expected);
    }
  });

  it('ignores other boxes and deliveries to a phone number', async () => {
    expect(await relayed([box('1', 'SignUp', '+62811000000', '111111'), '[2] INFO: x Other ╭──╮\n│ hello │\n╰──╯\n'])).toEqual([]);
  });

  it("mails what the deployed pool's custom message trigger writes: a reset says it is one, in the person's language", () => {
    expect(codeEmail({ purpose: 'confirmEmail', destination: 'a@b.test', code: '792017', language: 'en' })).toEqual({
      to: 'a@b.test',
      subject: 'Your Bali Refill verification code',
      text: expect.stringMatching(/^Your Bali Refill verification code is 792017\. Enter it to confirm your e-mail address\./),
    });
    expect(codeEmail({ purpose: 'passwordReset', destination: 'a@b.test', code: '173454', language: 'id' })).toEqual({
      to: 'a@b.test',
      subject: 'Atur ulang kata sandi Bali Refill Anda',
      text: expect.stringMatching(/^Kode untuk mengatur ulang kata sandi Bali Refill Anda adalah 173454\./),
    });
  });
});

describe("reading codes from cognito-local's store as well", () => {
  it('mails a code that appears in the store once, whichever source saw it first, but not the codes there at start', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'codes-')), 'pool.json');
    const store = (codes: Record<string, string>) =>
      writeFileSync(file, JSON.stringify({ Users: Object.fromEntries(Object.entries(codes).map(([email, code]) => [email, {
        Attributes: [{ Name: 'email', Value: email }, ...(email.startsWith('c@') ? [{ Name: 'locale', Value: 'id' }] : [])],
        ConfirmationCode: code,
        UserStatus: email.startsWith('c@') ? 'CONFIRMED' : 'UNCONFIRMED',
      }])) }));
    store({ 'old@b.test': '111111' });
    const deliveries: CodeDelivery[] = [];
    const deliver = once((d) => deliveries.push(d));
    const stop = watchStoredCodes(file, deliver, 20);
    deliver({ purpose: 'confirmEmail', destination: 'a@b.test', code: '222222', language: 'en' });
    store({ 'old@b.test': '111111', 'a@b.test': '222222', 'c@b.test': '333333' });
    await new Promise((r) => setTimeout(r, 120));
    stop();
    expect(deliveries.map((d) => `${d.destination} ${d.code}`)).toEqual(['a@b.test 222222', 'c@b.test 333333']);
    // A confirmed account's code is a password reset's; the language is the account's locale.
    expect(deliveries[1]).toEqual({ purpose: 'passwordReset', destination: 'c@b.test', code: '333333', language: 'id' });
  });
});
