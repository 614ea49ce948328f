import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';

/*
 * DynamoDB Local and s3rver hold the data of a laptop without any authentication: they must answer
 * on the loopback interface only, never on an address another machine of the network can reach.
 * The integration run's own DynamoDB Local and s3rver (global-setup.ts) are the ones checked.
 */

const services = {
  'DynamoDB Local': process.env.AWS_ENDPOINT_URL_DYNAMODB,
  s3rver: process.env.AWS_ENDPOINT_URL_S3,
};

/** Whether a TCP connection to host:port is accepted ('refused' when nothing listens there). */
const tryConnect = (host: string, port: number): Promise<'accepted' | 'refused' | string> =>
  new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : (error.code ?? 'error')),
    );
  });

const machineAddresses = (): string[] =>
  Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && !address.address.startsWith('fe80:'))
    .map((address) => address?.address as string);

/** The local addresses listening on a TCP port, from the kernel's tables (Linux), as IPv4 or IPv6 hex. */
const listeningAddresses = async (port: number): Promise<string[]> => {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      // State 0A is LISTEN.
      if (state === '0A' && local?.endsWith(`:${hexPort}`)) found.push(local.slice(0, -5));
    }
  }
  return found;
};

/** 127.0.0.1 as the kernel writes it: little-endian IPv4, or IPv4-mapped IPv6 (::ffff:127.0.0.1). */
const LOOPBACK_HEX = ['0100007F', '0000000000000000FFFF00000100007F'];

describe.each(Object.entries(services))('%s', (_name, endpoint) => {
  const port = Number(new URL(endpoint as string).port);

  it('answers on the loopback interface', async () => {
    expect(await tryConnect('127.0.0.1', port)).toBe('accepted');
  });

  it("is not reachable on the machine's other addresses", async () => {
    for (const address of machineAddresses())
      expect(await tryConnect(address, port), `${address}:${port}`).not.toBe('accepted');
  });

  it.runIf(process.platform === 'linux')('listens on 127.0.0.1 alone', async () => {
    const addresses = await listeningAddresses(port);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(LOOPBACK_HEX).toContain(address);
  });
});
