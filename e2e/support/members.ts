import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from './api.ts';

/** The plots' drought monthly contribution (F CFA) of coveredMember. */
export const MONTHLY = 1000;
const unixSeconds = (day: string) => Date.parse(`${day}T12:00:00.000Z`) / 1000;

/** Creates, through the API, what an administrator would: a member of the test's village, a plot, contributions. */
export const coveredMember = async (
  token: string,
  fields: { name: string; village: string; federation: string; phone: string },
  plot: {
    startCoverageDate: string;
    droughtMonthlyContrib?: number;
    contributions: { day: string; amount: number }[];
  },
) => {
  const number = `E2E-${randomUUID().slice(0, 8)}`;
  const member = await callApi('/admin/members', { method: 'POST', token, body: { ...fields, number } });
  expect(member.status, JSON.stringify(member.body)).toBe(201);
  const memberId = member.body.id as string;
  const created = await callApi('/admin/plots', {
    method: 'POST',
    token,
    body: {
      memberId,
      name: `${fields.name}'s millet`,
      latitude: 14.1,
      longitude: -16.6,
      droughtMonthlyContrib: plot.droughtMonthlyContrib ?? MONTHLY,
      startCoverageDate: unixSeconds(plot.startCoverageDate),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const plotId = created.body.id as string;
  for (const { day, amount } of plot.contributions) {
    const contribution = await callApi('/admin/contributions', {
      method: 'POST',
      token,
      body: { plotId, amount, protectionType: 'DROUGHT', contributionDate: unixSeconds(day) },
    });
    expect(contribution.status, JSON.stringify(contribution.body)).toBe(201);
  }
  // As the preview's tables show a member: the name over the number.
  return { memberId, plotId, name: fields.name, shown: `${fields.name} ${number}` };
};

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
