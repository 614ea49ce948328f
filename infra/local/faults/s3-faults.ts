import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { forwardToUpstream, listenBeside, type S3Proxy } from '../s3-proxy.ts';

/*
 * S3's transient errors on the wire: a proxy in front of s3rver answers a share of the signed requests
 * as S3 does when it sheds load (503 SlowDown) or fails (500 InternalError), with S3's XML error
 * document. The functions reach S3 both with the SDK's client and with signed fetches (s3.ts), so the
 * faults are where both meet. Presigned links (the browser's downloads and uploads) pass untouched.
 */

export interface S3Fault {
  status: 500 | 503;
  code: 'InternalError' | 'SlowDown';
}

const s3Faults: readonly S3Fault[] = [
  { status: 503, code: 'SlowDown' },
  { status: 500, code: 'InternalError' },
];

const messages: Record<S3Fault['code'], string> = {
  SlowDown: 'Please reduce your request rate.',
  InternalError: 'We encountered an internal error. Please try again.',
};

export interface S3FaultProxyOptions {
  /** s3rver's endpoint. */
  target: string;
  /** The share of signed requests that fail, from 0 to 1, now. */
  rate: () => number;
  random?: () => number;
  onFault?: (fault: S3Fault) => void;
}

export type S3FaultProxy = S3Proxy;

const answerFault = (incoming: IncomingMessage, outgoing: ServerResponse, fault: S3Fault) => {
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${fault.code}</Code>` +
    `<Message>${messages[fault.code]}</Message><RequestId>${randomUUID()}</RequestId></Error>`;
  // The request's body is not read: the connection cannot carry another request.
  outgoing.writeHead(fault.status, { 'content-type': 'application/xml', connection: 'close' });
  outgoing.end(incoming.method === 'HEAD' ? undefined : body);
};

export const startS3FaultProxy = async ({
  target,
  rate,
  random = Math.random,
  onFault,
}: S3FaultProxyOptions): Promise<S3FaultProxy> => {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const signed = incoming.headers.authorization !== undefined;
    if (signed && random() < rate()) {
      const fault = s3Faults[Math.floor(random() * s3Faults.length)] as S3Fault;
      onFault?.(fault);
      answerFault(incoming, outgoing, fault);
      return;
    }
    forwardToUpstream(upstream, incoming, outgoing);
  });
  return listenBeside(server, upstream);
};
