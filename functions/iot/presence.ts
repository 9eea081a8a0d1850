/** IoT rule handler for presence; built by the Stations issue (see docs/architecture.md). */
export const handler = async (_event: unknown): Promise<void> => {
  throw new Error('presence handler is not built yet');
};
