import { PublishCommand, type IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import { stationTopics, type StationMessages, type VendAuthorizedMessage, type VendDeniedMessage } from '../../ports/station-messages';

/** AWS: publishes through the IoT data plane (iot:Publish on stations/+/vend/authorized|denied), QoS 1. */
export class IotDataStationMessages implements StationMessages {
  constructor(private readonly client: IoTDataPlaneClient) {}

  vendAuthorized(stationId: string, message: VendAuthorizedMessage) {
    return this.publish(stationTopics.vendAuthorized(stationId), message);
  }

  vendDenied(stationId: string, message: VendDeniedMessage) {
    return this.publish(stationTopics.vendDenied(stationId), message);
  }

  private async publish(topic: string, message: object) {
    await this.client.send(new PublishCommand({ topic, qos: 1, contentType: 'application/json', payload: new TextEncoder().encode(JSON.stringify(message)) }));
  }
}
