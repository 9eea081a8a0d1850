import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { buildQueryString, HttpRequest } from '@smithy/core/protocols';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentityProvider, HttpRequest as SignedRequest } from '@smithy/types';
import { awsEndpoint, awsRegion } from '../../environment';

/** Where a service's API is called and what its signatures name it (`AwsHttpApi.regional` finds the endpoint the SDK would use). */
export interface AwsService {
  signingName: string;
  endpoint: string;
}

/** One call: `path` as it goes on the wire (each segment already percent-encoded). */
export interface AwsCall {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface AwsReply {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: Uint8Array;
}

/** An AWS error answer: the service's error code (`NoSuchKey`, `ResourceNotFoundException`) as the error's name. */
export class AwsApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = code;
  }
}

/** The environment (region, endpoints), credentials and sender; the tests give their own. */
export interface AwsHttpApiOptions {
  env?: NodeJS.ProcessEnv;
  credentials?: AwsCredentialIdentityProvider;
  send?: RequestSender;
}

/** A reply's JSON body ({} when it has none). */
export function jsonOf<Answer>(reply: AwsReply): Answer {
  const text = new TextDecoder().decode(reply.body);
  return (text ? JSON.parse(text) : {}) as Answer;
}

/** Sends a signed request (fetch in Lambda; tests record what would have been sent). */
export type RequestSender = (request: SignedRequest) => Promise<AwsReply>;

/** The statuses and error codes worth trying again, as the SDK's standard retry strategy does (3 attempts in all). */
const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);
const RETRIED_CODES = new Set(['Throttling', 'ThrottlingException', 'TooManyRequestsException', 'RequestLimitExceeded', 'SlowDown']);
const ATTEMPTS = 3;
const TIMEOUT_MS = 10_000;

const sendWithFetch: RequestSender = async (request) => {
  // As SigV4 encodes it (RFC 3986), in the order of its names, as the SDK writes it.
  const query = buildQueryString(request.query ?? {});
  const url = `${request.protocol}//${request.hostname}${request.port ? `:${request.port}` : ''}${request.path}${query ? `?${query}` : ''}`;
  const { host: _host, ...headers } = request.headers; // fetch sets Host itself, from the URL it was signed for
  const response = await fetch(url, { method: request.method, headers, body: request.body as BodyInit | undefined, signal: AbortSignal.timeout(TIMEOUT_MS) });
  return { status: response.status, headers: Object.fromEntries(response.headers), body: new Uint8Array(await response.arrayBuffer()) };
};

/** The error code and message of an error answer, from any of the shapes AWS services answer with (JSON, XML, header). */
function errorOf(reply: AwsReply): AwsApiError {
  const text = new TextDecoder().decode(reply.body);
  let code = reply.headers['x-amzn-errortype']?.split(':')[0] ?? '';
  let message = '';
  try {
    const json = JSON.parse(text) as { __type?: string; code?: string; message?: string; Message?: string };
    code ||= (json.__type ?? json.code ?? '').split('#').pop() ?? '';
    message = json.message ?? json.Message ?? '';
  } catch {
    code ||= /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '';
    message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? '';
  }
  code ||= reply.status === 404 ? 'NotFound' : `Http${reply.status}`;
  return new AwsApiError(code, reply.status, message || `${code} (${reply.status})`);
}

/**
 * An AWS service's HTTP API, each request signed with SigV4 by the SDK's own signer and the SDK's default
 * credentials (the function's role in Lambda), sent with fetch, and tried up to three times on throttling, a 5xx or a
 * network failure. The service's SDK client would bring its endpoint rules, error classes and protocol code into
 * every function that calls it (docs/scale.md, "The SDK's unused operations, and calls without its clients").
 */
export class AwsHttpApi {
  readonly endpoint: URL;
  readonly region: string;
  private readonly credentials: AwsCredentialIdentityProvider;
  private readonly signer: SignatureV4;
  private readonly send: RequestSender;

  constructor(service: AwsService, options: AwsHttpApiOptions = {}) {
    this.endpoint = new URL(service.endpoint);
    this.region = awsRegion(options.env);
    this.credentials = options.credentials ?? defaultProvider();
    this.signer = new SignatureV4({
      service: service.signingName,
      region: this.region,
      credentials: this.credentials,
      sha256: Sha256,
      // S3 signs the path as it is sent; every other service signs it encoded once more.
      uriEscapePath: service.signingName !== 's3',
    });
    this.send = options.send ?? sendWithFetch;
  }

  /** A service at its regional endpoint, or at `AWS_ENDPOINT_URL_<variable>` where one is set (the SDK's endpoint). */
  static regional(service: { signingName: string; variable: string; host: string }, options: AwsHttpApiOptions = {}): AwsHttpApi {
    return new AwsHttpApi({ signingName: service.signingName, endpoint: awsEndpoint(service, options.env) }, options);
  }

  /**
   * One call of a JSON RPC protocol: `target` names the operation; its JSON answer. awsJson 1.1 (Secrets Manager,
   * Cognito) unless `version` says 1.0 (SQS); `headers` are the protocol's extras (SQS's query-compatible mode).
   */
  async jsonRpc<Answer>(target: string, request: object, { version = '1.1', headers = {} }: { version?: '1.0' | '1.1'; headers?: Record<string, string> } = {}): Promise<Answer> {
    const reply = await this.call({ method: 'POST', path: '/', headers: { 'content-type': `application/x-amz-json-${version}`, 'x-amz-target': target, ...headers }, body: JSON.stringify(request) });
    return jsonOf<Answer>(reply);
  }

  /** The request for `call` at this endpoint, unsigned (`host` is what S3's virtual-hosted addresses change). */
  private request(call: AwsCall, host = this.endpoint.host): HttpRequest {
    const [hostname, port] = host.split(':');
    const basePath = this.endpoint.pathname.replace(/\/$/, '');
    return new HttpRequest({
      protocol: this.endpoint.protocol,
      hostname,
      port: port ? Number(port) : undefined,
      method: call.method,
      path: `${basePath}${call.path}`,
      query: call.query ?? {},
      headers: { host, ...call.headers },
      body: call.body,
    });
  }

  /** Signs and sends, trying again on throttling and server errors; an error answer is thrown as an AwsApiError. */
  async call(call: AwsCall, host?: string): Promise<AwsReply> {
    for (let attempt = 1; ; attempt++) {
      let reply: AwsReply;
      try {
        reply = await this.send(await this.signer.sign(this.request(call, host)));
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
        await backOff(attempt);
        continue;
      }
      if (reply.status < 300) return reply;
      const error = errorOf(reply);
      if (attempt >= ATTEMPTS || !(RETRIED_STATUSES.has(reply.status) || RETRIED_CODES.has(error.code))) throw error;
      await backOff(attempt);
    }
  }

  /** A presigned URL for `call` (query authentication), valid for `expiresInSeconds` from now. */
  async presign(call: AwsCall, expiresInSeconds: number, host = this.endpoint.host): Promise<string> {
    const signed = await this.signer.presign(this.request(call, host), { expiresIn: expiresInSeconds });
    return `${signed.protocol}//${host}${signed.path}?${buildQueryString(signed.query ?? {})}`;
  }

  /** The signature of `text` with the signing key of `date`'s day (an S3 POST policy). */
  signText(text: string, date: Date): Promise<string> {
    return this.signer.sign(text, { signingDate: date });
  }

  /** The credentials requests are signed with now (an S3 POST policy names them). */
  credentialsNow() {
    return this.credentials();
  }
}

/** 100-200 ms, then 200-400 ms: the SDK's standard back-off, in short. */
const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 100 * 2 ** (attempt - 1) * (1 + Math.random())));
