import type { Pluggable } from '@smithy/types';

/*
 * Plugins for the functions' AWS SDK clients, added from outside the functions: the local runtime's
 * and the test harness's fault mode injects AWS's transient errors with one. A plugin reaches every
 * client, made before it was added or after, since the clients are made on first use, once per instance.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plugin serves every service's client
export type ClientPlugin = Pluggable<any, any>;

interface PluggableClient {
  middlewareStack: { use(plugin: ClientPlugin): void };
}

const plugins: ClientPlugin[] = [];
const clients: PluggableClient[] = [];

/** A new SDK client with the plugins added so far; later ones reach it too. */
export const plugged = <Client extends PluggableClient>(client: Client): Client => {
  clients.push(client);
  for (const plugin of plugins) client.middlewareStack.use(plugin);
  return client;
};

/** Adds a plugin to every client of the functions, made or to be made. */
export const useClientPlugin = (plugin: ClientPlugin): void => {
  plugins.push(plugin);
  for (const client of clients) client.middlewareStack.use(plugin);
};
