/**
 * Imported first by run.ts, before the local stack and the handlers: the bench prints its figures, not the handlers'
 * warnings (the money simulation's forgeries and incidents make thousands). Powertools takes the level from the
 * environment when the logger is made and goes back to it at every invocation, so a level set later does not hold.
 * `POWERTOOLS_LOG_LEVEL=WARN npm run bench` shows them.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
