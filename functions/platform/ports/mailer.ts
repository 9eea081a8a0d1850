/** One e-mail to one person: plain text always (every mail client shows it), HTML when the message has a richer form. */
export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends the system's e-mails (receipts, refunds, claim outcomes, alerts): SES in AWS, the local outbox in the local
 * cloud (docs/architecture.md, "E-mail"). The sender is the deployment's (MAIL_FROM), never the caller's, and so is
 * the site its links open (SITE_URL).
 */
export interface Mailer {
  /** Resolves once the mail service accepted the message; rejects when it refused it. */
  send(email: Email): Promise<{ messageId: string }>;
  /** An absolute link to a page of the deployment's site (SITE_URL), for the e-mails: `path` starts with '/'. */
  linkTo(path: string): string;
}
