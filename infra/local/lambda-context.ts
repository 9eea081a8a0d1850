import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

/**
 * The context the Lambda runtime passes a handler, for invoking the same handlers in the local cloud; `timeoutSeconds`
 * as the function's timeout in the stack where a handler may run longer than most (middy ends it a little before).
 */
export function lambdaContext(functionName: string, timeoutSeconds = 10): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => timeoutSeconds * 1000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
