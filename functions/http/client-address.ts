import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The viewer's IP address for per-client rate limits. Behind CloudFront the API's source address is CloudFront's, so
 * the address comes from `CloudFront-Viewer-Address` (`<ip>:<port>`, set by CloudFront itself and forwarded by the
 * API behaviour's origin request policy); without it (the local gateway), the connection's source address.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer && /^[0-9a-fA-F.:]+:\d+$/.test(viewer)) return viewer.slice(0, viewer.lastIndexOf(':'));
  return event.requestContext.http.sourceIp;
}
