import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailDev } from 'maildev';
import { freePort } from './net';

/** The local outbox as written to .local/outputs.json. */
export interface LocalMailOutputs {
  /** Its page: every e-mail the system sent, readable in a browser. */
  web: string;
  /** The same messages as JSON (an array, oldest first: subject, from, to, text, html, time...). */
  messages: string;
  /** Where the local mailer delivers (SMTP, loopback, no TLS or authentication). */
  smtp: string;
  /** The sender of every e-mail (MAIL_FROM). */
  from: string;
  /** The operations address (ALERT_EMAIL): alerts whose rule names nobody in settings go here. */
  alerts: string;
}

/** The local operations address (ALERT_EMAIL; in AWS the deployment's alarmEmail). */
export const LOCAL_ALERT_EMAIL = 'ops@bali-refill.test';

/** The sender of every e-mail in the local cloud (MAIL_FROM; in AWS the deployment's SES identity). */
export const LOCAL_MAIL_FROM = 'Bali Refill <no-reply@bali-refill.test>';

/**
 * MailDev on loopback: an SMTP server that keeps every message it takes (in `<dataDir>/mail` with npm start, so the
 * outbox survives a restart) and a web page and JSON API to read them. Nothing is relayed anywhere.
 */
/**
 * MailDev's API server announces itself on console.info whatever `silent` says (@maildev/api); the banner names the
 * outbox, so that one line is left out and every other passes.
 */
async function startQuietly(start: () => Promise<unknown>): Promise<void> {
  const info = console.info;
  console.info = (...args: unknown[]) => {
    if (!(typeof args[0] === 'string' && args[0].startsWith('MailDev API running at'))) info(...args);
  };
  try {
    await start();
  } finally {
    console.info = info;
  }
}

export async function startOutbox(options: { dataDir?: string; from: string; alerts: string }): Promise<{ outputs: LocalMailOutputs; stop(): Promise<void> }> {
  const mailDirectory = options.dataDir ? join(options.dataDir, 'mail') : mkdtempSync(join(tmpdir(), 'refill-mail-'));
  mkdirSync(mailDirectory, { recursive: true });
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const maildev = new MailDev({
    smtp: smtpPort,
    ip: '127.0.0.1',
    web: webPort,
    webIp: '127.0.0.1',
    mailDirectory,
    silent: true,
  });
  await startQuietly(() => maildev.start());
  const web = `http://127.0.0.1:${webPort}`;
  return {
    outputs: { web: `${web}/`, messages: `${web}/api/email`, smtp: `smtp://127.0.0.1:${smtpPort}`, from: options.from, alerts: options.alerts },
    stop: async () => {
      await maildev.stop();
      if (!options.dataDir) rmSync(mailDirectory, { recursive: true, force: true });
    },
  };
}
