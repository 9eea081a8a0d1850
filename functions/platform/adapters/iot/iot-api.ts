import { escapeUri } from '@smithy/core/protocols';
import { AwsHttpApi, jsonOf, type AwsCall, type AwsHttpApiOptions } from '../aws/aws-http-api';

/** IoT Core's control plane (things, certificates, jobs) at the region's endpoint or AWS_ENDPOINT_URL_IOT. */
export const iotApi = (options: AwsHttpApiOptions = {}) => AwsHttpApi.regional({ signingName: 'iot', variable: 'IOT', host: 'iot' }, options);

/** A path of IoT's REST API from its literal parts and its labels (each label one percent-encoded segment). */
export const iotPath = (parts: TemplateStringsArray, ...labels: string[]) => parts.reduce((path, part, i) => `${path}${part}${i < labels.length ? escapeUri(labels[i]!) : ''}`, '');

/** One call of IoT's REST API with a JSON body, if any; its JSON answer ({} when it has none). */
export async function iotCall<Answer = Record<string, never>>(api: AwsHttpApi, call: Omit<AwsCall, 'body'> & { body?: object }): Promise<Answer> {
  const { body, ...rest } = call;
  return jsonOf<Answer>(await api.call({ ...rest, ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...rest.headers } } : {}) }));
}
