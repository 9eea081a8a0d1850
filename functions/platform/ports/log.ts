/** Structured logging as the domain sees it; functions plug in the Powertools logger (functions/platform/observability.ts). */
export interface Log {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
}

/** JSON lines on the console: the default for local tools and for domain code called without a logger. */
export const consoleLog: Log = {
  info: (message, data) => console.log(JSON.stringify({ level: 'info', message, ...data })),
  warn: (message, data) => console.warn(JSON.stringify({ level: 'warn', message, ...data })),
};
