import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { handler as adminMembers } from '../http/admin-members/handler.ts';
import { handler as members } from '../http/members/handler.ts';
import { callApi } from './call-api.ts';

/** A new member as the API's calls take it: a unique name and number, and what is told. */
export const newMemberBody = (fields: Record<string, unknown> = {}) => {
  const unique = randomUUID().slice(0, 13);
  return { name: `Awa Diop ${unique}`, village: 'Fissel', number: `N-${unique}`, ...fields };
};

/** A new plot as the agent's call takes it, and what is told. */
export const newPlotBody = (fields: Record<string, unknown> = {}) => ({
  name: 'North field',
  latitude: 14.2,
  longitude: -16.3,
  droughtMonthlyContrib: 1500,
  ...fields,
});

/** Answers the id of what a call created, once it answered 201. */
const createdId = (answer: { status: number; body: { id?: unknown } }): string => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
};

/** A member onboarded by an agent (POST /members); answers its id. */
export const onboardMember = async (token: string, fields: Record<string, unknown> = {}) =>
  createdId(await callApi(members, 'POST', '/members', { token, body: newMemberBody(fields) }));

/** A plot an agent adds to a member (POST /members/{id}/plots); answers its id. */
export const addPlotOfMember = async (
  token: string,
  memberId: string,
  fields: Record<string, unknown> = {},
) =>
  createdId(
    await callApi(members, 'POST', `/members/${memberId}/plots`, { token, body: newPlotBody(fields) }),
  );

/** A member an administrator adds (POST /admin/members); answers its id. */
export const addMemberAsAdmin = async (token: string, body: Record<string, unknown> = newMemberBody()) =>
  createdId(await callApi(adminMembers, 'POST', '/admin/members', { token, body }));
