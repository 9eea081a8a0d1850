import { lambdaContext } from './lambda-context';

/** The local stand-in for the EventBridge schedule that runs functions/iot/sweep.ts every minute in AWS. */
export function startSweepTimer(options: { intervalMs: number; log?: (line: string) => void }) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      const { handler } = await import('@functions/iot/sweep');
      const result = await handler({ source: 'local.timer', 'detail-type': 'Scheduled Event', time: new Date().toISOString() }, lambdaContext('sweep'));
      if (result.expired || result.settled) options.log?.(`sweep: ${result.expired} vend session(s) expired, holds released`);
    })()
      .catch((error: unknown) => console.error('local sweep failed:', error))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
