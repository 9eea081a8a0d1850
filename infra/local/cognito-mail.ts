import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { accountCodeEmail, accountLanguage, type AccountCodePurpose } from '@functions/accounts/domain/account-emails';
import type { Email } from '@functions/platform/ports/mailer';
import type { Language } from '@shared/language';

/** A code cognito-local delivered: what it is for, to whom, the code, and the language of the person it goes to. */
export interface CodeDelivery {
  purpose: AccountCodePurpose;
  destination: string;
  code: string;
  language: Language;
}

/** The API call that made a code (the box's target): a password reset's, else one that confirms the address. */
const purposeOfTarget = (target: string): AccountCodePurpose => (target === 'ForgotPassword' ? 'passwordReset' : 'confirmEmail');

// cognito-local has no mail sender: it "delivers" codes by logging a box (ConsoleMessageSender) on its standard
// output, led by the request id and the API target:
//   <reqId> SignUp ╭────╮ │ Confirmation Code Delivery │ │ Username: … │ │ Destination: a@b │ │ Code: 123456 │
//   │ Email Message: locale=id │ ╰────╯
// (the last line is identity-server.mjs's: the person's locale attribute, empty when they have none).
const ANSI = /\u001b\[[0-9;]*m/g;
const BOX = /(\S+) ╭─+╮([\s\S]*?)╰─+╯/g;

/**
 * Reads cognito-local's log as it is written and calls `deliver` for every code it sends to an e-mail address. The
 * stream is read to its end either way (a child's pipe that nobody reads would block it).
 */
export function relayCodeDeliveries(log: Readable, deliver: (delivery: CodeDelivery) => void): void {
  // Whole lines only (a colour code or a box may be cut anywhere between two chunks), colours removed.
  let partialLine = '';
  let lines = '';
  log.setEncoding('utf8');
  log.on('data', (chunk: string) => {
    const raw = partialLine + chunk;
    const end = raw.lastIndexOf('\n') + 1;
    partialLine = raw.slice(end);
    lines += raw.slice(0, end).replace(ANSI, '');
    let consumed = 0;
    for (const match of lines.matchAll(BOX)) {
      consumed = match.index + match[0].length;
      const [, target, body] = match as unknown as [string, string, string];
      const field = (name: string) => new RegExp(`${name}:\\s+(\\S+)`).exec(body)?.[1];
      const destination = field('Destination');
      const code = field('Code');
      const locale = /Email Message:\s+locale=(\S*)/.exec(body)?.[1];
      if (body.includes('Confirmation Code Delivery') && destination?.includes('@') && code) {
        deliver({ purpose: purposeOfTarget(target), destination, code, language: accountLanguage(locale) });
      }
    }
    // Keep only a box still being written, from the start of its line.
    const rest = lines.slice(consumed);
    const open = rest.lastIndexOf('╭');
    lines = open === -1 ? '' : rest.slice(rest.lastIndexOf('\n', open) + 1);
  });
}

/** The e-mail the deployed user pool's custom message trigger sends for a code, as the outbox shows it. */
export function codeEmail({ purpose, destination, code, language }: CodeDelivery): Email {
  return { to: destination, ...accountCodeEmail(purpose, language, code) };
}

/**
 * The same codes read from cognito-local's user store (`.cognito/db/<pool>.json`, rewritten on every change), every
 * `intervalMs`: a second source, because cognito-local's log output can stall under load while it keeps answering.
 * Codes already there at start are not mailed again.
 */
export function watchStoredCodes(storeFile: string, deliver: (delivery: CodeDelivery) => void, intervalMs = 250): () => void {
  let known: Set<string> | null = null;
  const read = () => {
    let store: { Users?: Record<string, { Attributes?: { Name: string; Value: string }[]; ConfirmationCode?: string; UserStatus?: string }> };
    try {
      store = JSON.parse(readFileSync(storeFile, 'utf8')) as typeof store;
    } catch {
      return; // not written yet, or half-written: next time
    }
    const current = new Map<string, CodeDelivery>();
    for (const user of Object.values(store.Users ?? {})) {
      const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
      const destination = attribute('email');
      if (!destination || !user.ConfirmationCode) continue;
      // An account not confirmed yet holds its sign-up code; a confirmed one, a password reset's.
      const purpose = user.UserStatus === 'UNCONFIRMED' ? 'confirmEmail' : 'passwordReset';
      current.set(`${destination}#${user.ConfirmationCode}`, { purpose, destination, code: user.ConfirmationCode, language: accountLanguage(attribute('locale')) });
    }
    if (known) for (const [key, delivery] of current) if (!known.has(key)) deliver(delivery);
    known = new Set([...(known ?? []), ...current.keys()]);
  };
  read();
  const timer = setInterval(read, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Calls `deliver` once per code and address, whichever source saw it first. */
export function once(deliver: (delivery: CodeDelivery) => void): (delivery: CodeDelivery) => void {
  const sent = new Set<string>();
  return (delivery) => {
    const key = `${delivery.destination}#${delivery.code}`;
    if (sent.has(key)) return;
    sent.add(key);
    deliver(delivery);
  };
}
