import type { ScreenSample } from './page-assets.ts';

/**
 * A member of the running demo with a plot, read through the API as the given account: the member and
 * plot screens of bench:web and of the end-to-end check of its lists open their pages.
 */
export const findScreenSample = async (
  appUrl: string,
  email: string,
  password: string,
): Promise<ScreenSample> => {
  const signIn = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ username: email, password }),
  });
  if (signIn.status !== 200) throw new Error(`Sign-in of ${email} failed: ${signIn.status}`);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const read = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${appUrl}/api${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const { members } = await read<{ members: { id: string }[] }>(
    '/members?page=1&pageSize=10&filter:plots=one',
  );
  const memberId = members[0]?.id;
  if (!memberId) throw new Error('The demo has no member with one plot');
  const { plots } = await read<{ plots: { id: string }[] }>(`/members/${encodeURIComponent(memberId)}`);
  const plotId = plots[0]?.id;
  if (!plotId) throw new Error(`The demo's member ${memberId} has no plot`);
  return { memberId, plotId };
};
