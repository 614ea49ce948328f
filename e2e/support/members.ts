import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './api.ts';

/** A new member of the caller's enabler with one plot, made through the API as the field app makes them. */
export const memberWithPlot = async (token: string, name: string, village: string): Promise<string> => {
  const onboarded = await callApi('/members', {
    method: 'POST',
    token,
    body: { name: `${name} ${randomUUID().slice(0, 6)}`, village, number: `E2E-${randomUUID()}` },
  });
  expect(onboarded.status).toBe(201);
  const memberId = onboarded.body.id as string;
  const plot = await callApi(`/members/${memberId}/plots`, {
    method: 'POST',
    token,
    body: { name: 'Groundnut field', latitude: 14.3, longitude: -16.4, droughtMonthlyContrib: 1500 },
  });
  expect(plot.status).toBe(201);
  return memberId;
};

/**
 * The next request to this API path reaches the server, which answers it, but the answer never reaches the
 * browser (the connection drops); resolves with the statuses the server answered, for the test to read.
 */
export const loseNextAnswer = async (page: Page, apiPath: string): Promise<number[]> => {
  const serverAnswers: number[] = [];
  // On the context, so that it holds whichever page or worker sends it.
  await page.context().route(
    `**/api${apiPath}`,
    async (route) => {
      serverAnswers.push((await route.fetch()).status());
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  return serverAnswers;
};
