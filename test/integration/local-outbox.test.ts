import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOutbox } from '@infra/local/outbox';

describe("the local cloud's outbox", () => {
  afterEach(() => vi.restoreAllMocks());

  it('starts without announcing itself (the banner names it), its message list answering', async () => {
    const said: unknown[][] = [];
    vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => void said.push(args));
    const outbox = await startOutbox({ from: 'Bali Refill <no-reply@bali-refill.test>', alerts: 'ops@bali-refill.test' });
    try {
      console.info('another line');
      expect(said).toEqual([['another line']]);
      const messages = await fetch(outbox.outputs.messages);
      expect(messages.status).toBe(200);
      expect(await messages.json()).toEqual([]);
    } finally {
      await outbox.stop();
    }
  });
});
