import { AwsHttpApi } from '../adapters/aws/aws-http-api';
import { SesMailer } from '../adapters/ses/ses-mailer';
import { setting } from '../environment';
import type { Mailer } from '../ports/mailer';
import { provider } from './provider';

/** E-mail through SES from MAIL_FROM under MAIL_CONFIGURATION_SET, linking to SITE_URL; the local cloud plugs in its outbox (infra/local/composition.ts). */
export const mailer = /* @__PURE__ */ provider<Mailer>(
  () => new SesMailer(AwsHttpApi.regional({ signingName: 'ses', variable: 'SESV2', host: 'email' }), { from: setting('MAIL_FROM'), configurationSet: setting('MAIL_CONFIGURATION_SET'), siteUrl: setting('SITE_URL') }),
);
