import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../repo-root';
import { SmtpMailer } from './adapters/smtp-mailer';
import { sendEmailPreviews } from './email-previews';
import { waitForPort } from './net';
import { LOCAL_ALERT_EMAIL, LOCAL_MAIL_FROM, startOutbox } from './outbox';
import type { LocalOutputs } from './stack';

/**
 * `npm run emails`: every e-mail template in both languages, with sample data, to the local outbox (docs/e-mails.md).
 * Into the outbox of a running `npm start` (read from .local/outputs.json); without one, this starts the same outbox
 * on the same folder (.local/data/mail, so `npm start` shows them later too) and keeps it open until Ctrl-C.
 */
const outputsFile = join(REPO_ROOT, '.local/outputs.json');
const outputs = existsSync(outputsFile) ? (JSON.parse(readFileSync(outputsFile, 'utf8')) as LocalOutputs) : null;
const running = outputs && (await waitForPort(Number(new URL(outputs.mail.smtp).port), 500).then(() => true, () => false));

const outbox = running ? null : await startOutbox({ dataDir: join(REPO_ROOT, '.local/data'), from: LOCAL_MAIL_FROM, alerts: LOCAL_ALERT_EMAIL });
const mail = running ? outputs.mail : outbox!.outputs;
const mailer = new SmtpMailer(mail.smtp, mail.from, outputs?.siteUrl ?? 'http://127.0.0.1:5173');
const sent = await sendEmailPreviews(mailer);
mailer.close();
console.log(`
  ${sent.length} e-mails (every template, each variant, English and Bahasa Indonesia) are in the outbox:
    ${mail.web}
  Each is addressed to <context>.<e-mail>.<variant>.<language>@preview.bali-refill.test.
${outbox ? '\n  The outbox runs until Ctrl-C (npm start opens the same one).\n' : ''}`);
if (outbox) {
  process.on('SIGINT', () => void outbox.stop().then(() => process.exit(0)));
  process.on('SIGTERM', () => void outbox.stop().then(() => process.exit(0)));
}
