import { expect } from 'vitest';
import { callApi } from './api.ts';

/**
 * A benefit run started through the API as the screen starts one (an upload link, the file PUT there,
 * the start), followed until its preview is done: its id.
 */
export const previewedRunByApi = async (token: string, csv: string): Promise<string> => {
  const link = await callApi('/admin/benefit-runs/uploads', { method: 'POST', token });
  expect(link.status).toBe(201);
  expect((await fetch(link.body.url, { method: 'PUT', body: csv })).status).toBe(200);
  const started = await callApi('/admin/benefit-runs', {
    method: 'POST',
    token,
    body: { upload: link.body.upload, format: 'csv', fileName: 'assessment.csv' },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const runId = started.body.run.id as string;
  await expect
    .poll(async () => (await callApi(`/admin/benefit-runs/${runId}`, { token })).body.run.state, {
      timeout: 30_000,
    })
    .toBe('PENDING_APPROVAL');
  return runId;
};
