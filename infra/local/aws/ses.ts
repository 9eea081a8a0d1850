import { randomUUID } from 'node:crypto';
import { jsonBody, matchRestOperation, restJson, restJsonError, type AwsHandler, type RestOperation } from './http';

export const SES_OPERATIONS: readonly RestOperation[] = [['POST', '/v2/email/outbound-emails', 'SendEmail']];

/** An e-mail SES took, as the sender gave it. */
export interface SentEmail {
  from: string;
  to: string[];
  subject: string;
  configurationSet: string | null;
}

interface SendEmailInput {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  ConfigurationSetName?: string;
  Content?: { Simple?: { Subject?: { Data?: string } } };
}

/**
 * The local stand-in for Amazon SES API v2 SendEmail (REST-JSON), where the parity suite's functions send their
 * e-mails: each is kept, in order, and nothing leaves the machine (the local cloud itself uses an SMTP outbox instead).
 */
export class LocalSes {
  readonly sent: SentEmail[] = [];

  readonly handle: AwsHandler = async (request) => {
    if (!matchRestOperation(SES_OPERATIONS, request)) return restJsonError('NotFoundException', `The local SES does not implement ${request.method} ${request.path}`, 404);
    const input = jsonBody<SendEmailInput>(request);
    const to = input.Destination?.ToAddresses ?? [];
    const subject = input.Content?.Simple?.Subject?.Data;
    if (!input.FromEmailAddress || !to.length || !subject) return restJsonError('BadRequestException', 'FromEmailAddress, Destination.ToAddresses and a simple Subject are required', 400);
    this.sent.push({ from: input.FromEmailAddress, to, subject, configurationSet: input.ConfigurationSetName ?? null });
    return restJson({ MessageId: randomUUID() });
  };
}
