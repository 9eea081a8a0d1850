import { createTransport, type Transporter } from 'nodemailer';
import type { Email, Mailer } from '@functions/platform/ports/mailer';
import { siteLink } from '@functions/platform/adapters/site-link';

/** E-mail over plain SMTP to the local cloud's outbox (infra/local/outbox.ts), which keeps every message to be read. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(smtpUrl: string, private readonly from: string, private readonly siteUrl: string) {
    // The outbox listens on loopback without TLS or authentication.
    const url = new URL(smtpUrl);
    this.transport = createTransport({ host: url.hostname, port: Number(url.port), secure: false, ignoreTLS: true });
  }

  async send(email: Email): Promise<{ messageId: string }> {
    const info = (await this.transport.sendMail({ from: this.from, to: email.to, subject: email.subject, text: email.text, html: email.html })) as { messageId: string };
    return { messageId: info.messageId };
  }

  linkTo(path: string): string {
    return siteLink(this.siteUrl, path);
  }

  close(): void {
    this.transport.close();
  }
}
