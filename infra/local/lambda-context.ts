import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { FUNCTION_MEMORY_MB, FUNCTION_TIMEOUT_SECONDS } from '../constructs/function-defaults';

/**
 * The context the Lambda runtime passes a handler, for invoking the same handlers in the local cloud, with the memory
 * and timeout the CDK app gives functions; `timeoutSeconds` as the function's own where its construct sets a longer one
 * (middy ends a handler a little before).
 */
export function lambdaContext(functionName: string, timeoutSeconds = FUNCTION_TIMEOUT_SECONDS): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(FUNCTION_MEMORY_MB),
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => timeoutSeconds * 1000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
