import type { Email, Mailer } from '../../ports/mailer';
import { jsonOf, type AwsHttpApi } from '../aws/aws-http-api';
import { siteLink } from '../site-link';

/** E-mail through Amazon SES (API v2 SendEmail, `POST /v2/email/outbound-emails`) from the deployment's verified sender, under its configuration set. */
export class SesMailer implements Mailer {
  constructor(
    private readonly ses: AwsHttpApi,
    private readonly options: { from: string; configurationSet: string; siteUrl: string },
  ) {}

  linkTo(path: string): string {
    return siteLink(this.options.siteUrl, path);
  }

  async send(email: Email): Promise<{ messageId: string }> {
    const text = { Data: email.text, Charset: 'UTF-8' };
    const request = {
      FromEmailAddress: this.options.from,
      Destination: { ToAddresses: [email.to] },
      ConfigurationSetName: this.options.configurationSet,
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: email.html ? { Text: text, Html: { Data: email.html, Charset: 'UTF-8' } } : { Text: text },
        },
      },
    };
    const reply = await this.ses.call({ method: 'POST', path: '/v2/email/outbound-emails', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request) });
    return { messageId: jsonOf<{ MessageId?: string }>(reply).MessageId ?? '' };
  }
}
