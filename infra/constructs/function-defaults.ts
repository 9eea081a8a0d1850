/**
 * Every function's memory and timeout unless its construct says otherwise, read by the CDK app (AppFunction) and by
 * the local cloud's Lambda context, so a handler sees the same figures in both. No CDK import: the local cloud loads it.
 */
export const FUNCTION_MEMORY_MB = 512;
export const FUNCTION_TIMEOUT_SECONDS = 10;
