/** IoT rule handler for vendFailed; built by the Stations issue (see docs/architecture.md). */
export const handler = async (_event: unknown): Promise<void> => {
  throw new Error('vendFailed handler is not built yet');
};
