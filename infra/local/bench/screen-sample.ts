import type { DemoLogins } from '../seed/index.ts';
import type { ScreenSample } from './page-assets.ts';

/** The API of a running product called with an access token; throws on a status of 300 or more. */
export const apiWith =
  (appUrl: string, accessToken: string) =>
  async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await fetch(`${appUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (response.status >= 300)
      throw new Error(
        `${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`,
      );
    return (await response.json()) as T;
  };

/** The API of a running product as one signed-in account. */
const apiAs = async (appUrl: string, email: string, password: string) => {
  const signIn = await fetch(`${appUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl },
    body: JSON.stringify({ username: email, password }),
  });
  if (signIn.status !== 200) throw new Error(`Sign-in of ${email} failed: ${signIn.status}`);
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  return apiWith(appUrl, accessToken);
};

type Api = ReturnType<typeof apiWith>;

/**
 * A benefit run started as the screen starts one (an upload link, the file PUT there, the start), once
 * its preview is done (PENDING_APPROVAL): its id.
 */
export const previewedRun = async (call: Api, csv: string): Promise<string> => {
  const link = await call<{ upload: string; url: string }>('/admin/benefit-runs/uploads', { method: 'POST' });
  const put = await fetch(link.url, { method: 'PUT', body: csv });
  if (put.status !== 200) throw new Error(`The assessment's upload answered ${put.status}`);
  const { run } = await call<{ run: { id: string } }>('/admin/benefit-runs', {
    method: 'POST',
    body: { upload: link.upload, format: 'csv', fileName: 'assessment.csv' },
  });
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    const { state } = (await call<{ run: { state: string } }>(`/admin/benefit-runs/${run.id}`)).run;
    if (state === 'PENDING_APPROVAL') return run.id;
    if (state === 'FAILED') throw new Error(`The benefit run ${run.id} failed its preview`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The benefit run ${run.id} was not previewed within a minute`);
};

/**
 * What the screens of bench:web and of the end-to-end check of its lists open, read through the API
 * of the running demo: a member with one plot (as the agent), and a benefit run awaiting its review
 * (as the administrator; the demo has none, so the first call starts one for a plot at index 0.5).
 */
export const findScreenSample = async (appUrl: string, logins: DemoLogins): Promise<ScreenSample> => {
  const agent = await apiAs(appUrl, logins.userEmail, logins.userPassword);
  const { members } = await agent<{ members: { id: string }[] }>(
    '/members?page=1&pageSize=10&filter:plots=one',
  );
  const memberId = members[0]?.id;
  if (!memberId) throw new Error('The demo has no member with one plot');
  const { plots } = await agent<{ plots: { id: string }[] }>(`/members/${encodeURIComponent(memberId)}`);
  const plotId = plots[0]?.id;
  if (!plotId) throw new Error(`The demo's member ${memberId} has no plot`);

  const admin = await apiAs(appUrl, logins.adminEmail, logins.adminPassword);
  const { runs } = await admin<{ runs: { id: string; state: string }[] }>('/admin/benefit-runs');
  const waiting = runs.find(({ state }) => state === 'PENDING_APPROVAL');
  const assessment = `SCREENS-${Date.now().toString(36)},${new Date().toISOString().slice(0, 10)}`;
  const benefitRunId =
    waiting?.id ??
    (await previewedRun(
      admin,
      ['assessmentId,assessmentDate,plotId,damageIndex', `${assessment},${plotId},0.5`].join('\n'),
    ));
  return { memberId, plotId, benefitRunId };
};
