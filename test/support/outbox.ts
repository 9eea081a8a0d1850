/** A message of the local outbox, as its JSON list (`mail.messages` of .local/outputs.json) gives it. */
export interface OutboxMessage {
  id: string;
  time: string;
  subject: string;
  text?: string;
  html?: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
}

export async function outboxMessages(messagesUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(messagesUrl);
  if (!response.ok) throw new Error(`The outbox answered ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}

/** The newest e-mail to `to` that `matches` (and is not one of `seen`), waiting for it up to `timeoutMs`. */
export async function waitForEmail(
  messagesUrl: string,
  to: string,
  options: { matches?: (message: OutboxMessage) => boolean; seen?: string[]; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  // A ceiling, not a wait: on a loaded machine the local Cognito took over 15 s to hand a sign-up code over.
  const deadline = Date.now() + (options.timeoutMs ?? 45_000);
  for (;;) {
    const found = (await outboxMessages(messagesUrl))
      .filter((m) => m.to.some((r) => r.address.toLowerCase() === to.toLowerCase()) && !options.seen?.includes(m.id) && (options.matches?.(m) ?? true))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} reached the outbox`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** The verification code of the newest code e-mail to `to` (sign-up or password reset) not among `seen`. */
export async function emailedCode(messagesUrl: string, to: string, seen: string[] = []): Promise<{ code: string; id: string }> {
  const message = await waitForEmail(messagesUrl, to, { seen, matches: (m) => /\b\d{6}\b/.test(m.text ?? '') });
  return { code: /\b(\d{6})\b/.exec(message.text!)![1]!, id: message.id };
}
