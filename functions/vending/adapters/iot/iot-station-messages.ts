import { stationTopics, type StationMessages, type VendAuthorizedMessage, type VendDeniedMessage } from '../../ports/station-messages';
import { escapeUri } from '@smithy/core/protocols';
import { AwsHttpApi, type AwsHttpApiOptions } from '@functions/platform/adapters/aws/aws-http-api';

/** AWS: publishes through the IoT data plane (iot:Publish on stations/+/vend/authorized|denied), QoS 1. */
export class IotDataStationMessages implements StationMessages {
  private readonly iotData: AwsHttpApi;

  /** `endpoint`: the account's iot:Data-ATS endpoint (a host of its own, not the region's). */
  constructor(endpoint: string, options?: AwsHttpApiOptions) {
    this.iotData = new AwsHttpApi({ signingName: 'iotdata', endpoint }, options);
  }

  vendAuthorized(stationId: string, message: VendAuthorizedMessage) {
    return this.publish(stationTopics.vendAuthorized(stationId), message);
  }

  vendDenied(stationId: string, message: VendDeniedMessage) {
    return this.publish(stationTopics.vendDenied(stationId), message);
  }

  private async publish(topic: string, message: object) {
    await this.iotData.call({
      method: 'POST',
      // The topic is one label of the path: its slashes are encoded too.
      path: `/topics/${escapeUri(topic)}`,
      query: { qos: '1', contentType: 'application/json' },
      headers: { 'content-type': 'application/octet-stream' },
      body: new TextEncoder().encode(JSON.stringify(message)),
    });
  }
}
