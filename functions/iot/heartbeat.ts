/** IoT rule handler for heartbeat; built by the Stations issue (see docs/architecture.md). */
export const handler = async (_event: unknown): Promise<void> => {
  throw new Error('heartbeat handler is not built yet');
};
