import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SesMailer } from '../adapters/ses/ses-mailer';
import { awsRegion, setting } from '../environment';
import { traced } from '../observability';
import type { Mailer } from '../ports/mailer';
import { provider } from './provider';

/** E-mail through SES from MAIL_FROM under MAIL_CONFIGURATION_SET, linking to SITE_URL; the local cloud plugs in its outbox (functions/composition.ts). */
export const mailer = /* @__PURE__ */ provider<Mailer>(
  () => new SesMailer(traced(new SESv2Client({ region: awsRegion() })), { from: setting('MAIL_FROM'), configurationSet: setting('MAIL_CONFIGURATION_SET'), siteUrl: setting('SITE_URL') }),
);
