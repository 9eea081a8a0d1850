import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { Email, Mailer } from '../../ports/mailer';
import { siteLink } from '../site-link';

/** E-mail through Amazon SES (API v2 SendEmail) from the deployment's verified sender, under its configuration set. */
export class SesMailer implements Mailer {
  constructor(
    private readonly ses: SESv2Client,
    private readonly options: { from: string; configurationSet: string; siteUrl: string },
  ) {}

  linkTo(path: string): string {
    return siteLink(this.options.siteUrl, path);
  }

  async send(email: Email): Promise<{ messageId: string }> {
    const text = { Data: email.text, Charset: 'UTF-8' };
    const result = await this.ses.send(new SendEmailCommand({
      FromEmailAddress: this.options.from,
      Destination: { ToAddresses: [email.to] },
      ConfigurationSetName: this.options.configurationSet,
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: email.html ? { Text: text, Html: { Data: email.html, Charset: 'UTF-8' } } : { Text: text },
        },
      },
    }));
    return { messageId: result.MessageId ?? '' };
  }
}
