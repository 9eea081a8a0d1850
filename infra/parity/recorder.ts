import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { awsJsonError, readRequest, restJsonError, writeResponse, type AwsHandler, type AwsRequest, type AwsResponse } from '../local/aws/http';
import { callOf, signatureOf, UnrecognizedCallError, type AwsCall } from './authorization';
import { PARITY_ACCOUNT_ID } from './deployment';
import type { Decision, ExecutionRole } from './iam';

/** One AWS API call a function made, as the recorder saw and judged it. */
export interface RecordedCall {
  service: string;
  operation: string;
  checks: { action: string; resource: string; decision: Decision }[];
  denied: boolean;
  /** Why the call could not be judged (an operation the recorder does not know, a wrong signature). */
  problem?: string;
  status: number;
}

/** A function as the recorder knows it: its credentials and its execution role from the template. */
export interface Caller {
  key: string;
  functionName: string;
  accessKeyId: string;
  role: ExecutionRole;
  calls: RecordedCall[];
}

const REST_SERVICES = new Set(['iot', 'iotdata', 'geo', 's3', 'ses']);

/**
 * The local recording endpoint in front of the emulators and stand-ins: every function's AWS SDK reaches it through
 * `AWS_ENDPOINT_URL_<SERVICE>` (HTTPS, on a port of its own per function). It tells the calling function by its
 * access key id (each function has its own credentials; unsigned calls by the port), finds the IAM actions and
 * resources the request needs, evaluates them against that function's role policies from the template, answers
 * AccessDeniedException as AWS would when one is not allowed, and otherwise hands the request to the service.
 */
/** Calls of one function the service answers with a server error (a fault of the service, which the SDK retries). */
interface Fault {
  key: string;
  matches: (call: AwsCall, request: AwsRequest) => boolean;
}

export class Recorder {
  private readonly callers = new Map<string, Caller>();
  private readonly servers: Server[] = [];
  private readonly faults: Fault[] = [];

  constructor(
    private readonly tls: { key: string; cert: string },
    private readonly services: Record<string, AwsHandler>,
    private readonly secretArn: (secretId: string) => string | undefined,
  ) {}

  register(caller: Omit<Caller, 'calls'>): Caller {
    const entry = { ...caller, calls: [] };
    this.callers.set(caller.accessKeyId, entry);
    return entry;
  }

  /** A port where unsigned calls are taken for `caller`'s (signed ones are always told by their key). */
  async listen(caller?: Caller): Promise<number> {
    const server = createServer(this.tls, (req: IncomingMessage, res: ServerResponse) => {
      readRequest(req)
        .then((request) => this.handle(request, caller))
        .then((response) => writeResponse(res, response))
        .catch((error: unknown) => {
          if (!res.headersSent) writeResponse(res, awsJsonError('InternalFailure', `Parity recorder failed: ${(error as Error).message}`, 500));
        });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.servers.push(server);
    return (server.address() as { port: number }).port;
  }

  /**
   * The calls of function `key` that `matches` picks are answered 500 InternalServerError by the service (after IAM
   * allowed them), every retry too, until the returned function ends the fault: a fault in the middle of a
   * function's work, to see it resumed by the next caller.
   */
  fail(key: string, matches: Fault['matches']): () => void {
    const fault = { key, matches };
    this.faults.push(fault);
    return () => void this.faults.splice(this.faults.indexOf(fault), 1);
  }

  async stop(): Promise<void> {
    await Promise.all(this.servers.map((server) => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    })));
  }

  private async handle(request: AwsRequest, portCaller: Caller | undefined): Promise<AwsResponse> {
    const signature = signatureOf(request);
    const caller = signature ? this.callers.get(signature.accessKeyId) : portCaller;
    if (!caller) {
      return awsJsonError('UnrecognizedClientException', `The security token included in the request is invalid (key ${signature?.accessKeyId ?? 'none'})`, 403);
    }
    const record = (call: Pick<RecordedCall, 'service' | 'operation'> & Partial<RecordedCall>, response: AwsResponse) => {
      caller.calls.push({ checks: [], denied: false, ...call, status: response.status });
      return response;
    };
    if (signature && portCaller && portCaller !== caller) {
      return record({ service: signature.service, operation: '?', problem: `signed with ${caller.key}'s key on ${portCaller.key}'s endpoint`, denied: true }, awsJsonError('AccessDeniedException', 'Credentials of another function', 403));
    }

    let call: AwsCall;
    try {
      call = callOf(request, signature, this.secretArn);
    } catch (error) {
      if (!(error instanceof UnrecognizedCallError)) throw error;
      return record({ service: signature?.service ?? '?', operation: '?', problem: error.message }, awsJsonError('UnknownOperationException', error.message, 400));
    }
    if (call.checks.length && !signature) {
      return record({ service: call.service, operation: call.operation, problem: 'unsigned request to an operation IAM authorizes', denied: true }, awsJsonError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403));
    }

    const checks = await Promise.all(call.checks.map(async ({ action, resource, context }) => ({ action, resource, decision: await caller.role.authorize(action, resource, context) })));
    const refused = checks.find((check) => check.decision !== 'Allowed');
    if (refused) {
      const message =
        `User: arn:aws:sts::${PARITY_ACCOUNT_ID}:assumed-role/${caller.role.roleName}/${caller.functionName} is not authorized to perform: ` +
        `${refused.action} on resource: ${refused.resource} because ${refused.decision === 'ExplicitlyDenied' ? 'an explicit deny in an identity-based policy denies' : 'no identity-based policy allows'} the ${refused.action} action`;
      const denial = REST_SERVICES.has(call.service) ? restJsonError('AccessDeniedException', message, 403) : awsJsonError('AccessDeniedException', message, 400);
      return record({ ...call, checks, denied: true }, denial);
    }
    const service = this.services[call.service];
    if (!service) return record({ ...call, checks, problem: `no local service for ${call.service}` }, awsJsonError('UnknownOperationException', `No local ${call.service}`, 400));
    if (this.faults.some((f) => f.key === caller.key && f.matches(call, request))) {
      return record({ ...call, checks }, awsJsonError('InternalServerError', 'Internal server error (a fault the parity scenario made)', 500));
    }
    return record({ ...call, checks }, await service(request));
  }
}
