import { inject } from 'vitest';
import './provided-context.ts';

export interface ApiCallOptions {
  method?: string;
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with a JSON content type (to send what a broken client sends). */
  rawBody?: string;
}

export interface ApiAnswer {
  status: number;
  contentType: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of the JSON answer
  body: any;
}

/** Calls the local runtime's /api as the SPA does (no browser needed for API checks). */
export const callApi = async (path: string, options: ApiCallOptions = {}): Promise<ApiAnswer> => {
  const text = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(`${inject('appUrl')}/api${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: text,
  });
  const answer = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: answer ? JSON.parse(answer) : undefined,
  };
};

/** An access token of a seeded or registered account. */
export const signIn = async (email: string, password: string): Promise<string> => {
  const { status, body } = await callApi('/auth/login', {
    method: 'POST',
    body: { username: email, password },
  });
  if (status !== 200) throw new Error(`Sign-in of ${email} failed: ${status} ${JSON.stringify(body)}`);
  return body.accessToken;
};
