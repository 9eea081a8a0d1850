/** IoT rule handler for vendComplete; built by the Stations issue (see docs/architecture.md). */
export const handler = async (_event: unknown): Promise<void> => {
  throw new Error('vendComplete handler is not built yet');
};
