import { createServer, type AddressInfo } from 'node:net';

/** A port nothing listens on right now (DynamoDB Local cannot be asked for port 0 and report it back). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
