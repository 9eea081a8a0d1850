/** IoT rule handler for vendRequest; built by the Stations issue (see docs/architecture.md). */
export const handler = async (_event: unknown): Promise<void> => {
  throw new Error('vendRequest handler is not built yet');
};
