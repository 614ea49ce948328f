import type { OutgoingHttpHeaders } from 'node:http';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';

export interface HttpAnswer {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * What API Gateway sends back for a function's result: a structured result as it says, anything
 * else as a 200 JSON answer (payload 2.0 infers the response when statusCode is missing).
 */
export const fromApiResult = (result: APIGatewayProxyResultV2): HttpAnswer => {
  if (typeof result !== 'object' || result === null || result.statusCode === undefined) {
    const text = typeof result === 'string' ? result : JSON.stringify(result);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(text ?? '') };
  }
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(result.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8');
  return { status: result.statusCode, headers, body };
};
