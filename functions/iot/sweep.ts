/** IoT rule handler for sweep; built by the Stations issue (see docs/architecture.md). */
export const handler = async (_event: unknown): Promise<void> => {
  throw new Error('sweep handler is not built yet');
};
