import { randomUUID } from 'node:crypto';
import type { AwsHandler, AwsRequest } from './http';

/** What a custom resource's function sends to CloudFormation's ResponseURL. */
export interface CustomResourceResponse {
  Status: 'SUCCESS' | 'FAILED';
  Reason?: string;
  PhysicalResourceId?: string;
  StackId?: string;
  RequestId?: string;
  LogicalResourceId?: string;
  NoEcho?: boolean;
  Data?: Record<string, unknown>;
}

/**
 * The local stand-in for CloudFormation's custom-resource ResponseURL (a pre-signed S3 URL in AWS): each request gets
 * a URL of its own; the function's PUT to it resolves `response(requestId)`.
 */
export class LocalCustomResourceResponses {
  private readonly waiting = new Map<string, { resolve: (response: CustomResourceResponse) => void; promise: Promise<CustomResourceResponse> }>();

  /** `baseUrl`: where `handle` is served (https://host, on port 443 for handlers that drop the port, as aws-cdk-lib's do). */
  constructor(private readonly baseUrl: () => string) {}

  /** A new request id and the ResponseURL to send with it. */
  newRequest(): { requestId: string; responseUrl: string } {
    const requestId = randomUUID();
    let resolve!: (response: CustomResourceResponse) => void;
    const promise = new Promise<CustomResourceResponse>((r) => (resolve = r));
    this.waiting.set(requestId, { resolve, promise });
    return { requestId, responseUrl: `${this.baseUrl()}/cloudformation-responses/${requestId}?X-Amz-Signature=local` };
  }

  /** The function's answer, or a rejection after `timeoutMs` (CloudFormation would wait an hour). */
  response(requestId: string, timeoutMs: number): Promise<CustomResourceResponse> {
    const entry = this.waiting.get(requestId);
    if (!entry) return Promise.reject(new Error(`No custom resource request ${requestId}`));
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      entry.promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`No answer on the ResponseURL within ${timeoutMs} ms`)), timeoutMs))),
    ]).finally(() => clearTimeout(timer));
  }

  readonly handle: AwsHandler = async (request: AwsRequest) => {
    const requestId = /^\/+cloudformation-responses\/([\w-]+)$/.exec(request.path)?.[1];
    const entry = requestId ? this.waiting.get(requestId) : undefined;
    if (request.method !== 'PUT' || !entry) return { status: 403, body: '<Error><Code>AccessDenied</Code></Error>' };
    let response: CustomResourceResponse;
    try {
      response = JSON.parse(request.body.toString('utf8')) as CustomResourceResponse;
    } catch {
      return { status: 400, body: '<Error><Code>MalformedJSON</Code></Error>' };
    }
    entry.resolve(response);
    return { status: 200 };
  };
}
