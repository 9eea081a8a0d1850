/** The session id a station's message names (validated by the vend domain; '' when there is none). */
export const sessionIdOf = (event: unknown): string => {
  const id = event && typeof event === 'object' ? (event as { sessionId?: unknown }).sessionId : undefined;
  return typeof id === 'string' ? id : '';
};
