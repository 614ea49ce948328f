import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@cpbo/schemas';
import { recordCampaign } from '#data/enablers/campaigns.ts';
import { callApi } from '../../testing/call-api.ts';
import { demoConfig, givenEnabler, givenUser, tinyImage } from '../../testing/fixtures.ts';
import { givenSignedInUser } from '../../testing/signed-in-users.ts';
import { handler as members } from '../members/handler.ts';
import { handler as enablers } from './handler.ts';

/** A data URL of `bytes` bytes that begin with PNG's signature. */
const imageOf = (bytes: number) => {
  const content = Buffer.alloc(bytes, 1);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(content);
  return `data:image/png;base64,${content.toString('base64')}`;
};

let admin: string;

const newEnabler = async (name = `Enabler ${Date.now()}`) => {
  const answer = await callApi(enablers, 'POST', '/admin/enablers', {
    token: admin,
    body: { name, logo: tinyImage, banner: tinyImage },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string; name: string };
};

beforeAll(async () => {
  admin = (await givenSignedInUser('ADMIN', (await givenEnabler()).id)).token;
});

describe('enablers', () => {
  it('are created, listed and edited', async () => {
    const created = await newEnabler('Sahel test mutual');
    const renamed = await callApi(enablers, 'POST', `/admin/enablers/${created.id}`, {
      token: admin,
      body: { name: 'Sahel renamed', logo: tinyImage, banner: imageOf(100) },
    });
    expect(renamed.body).toMatchObject({ id: created.id, name: 'Sahel renamed', latestConfigVersion: null });
    const list = await callApi(enablers, 'GET', '/admin/enablers', { token: admin });
    expect(list.body.find((e: { id: string }) => e.id === created.id)).toMatchObject({
      name: 'Sahel renamed',
      banner: imageOf(100),
    });
  });

  it('need both images, each at most 30 KB', async () => {
    const post = (body: object) =>
      callApi(enablers, 'POST', '/admin/enablers', { token: admin, body: { name: 'Images', ...body } });
    expect((await post({ banner: tinyImage })).body.code).toBe('ERR_NO_ENABLER_LOGO');
    expect((await post({ logo: tinyImage, banner: '' })).body.code).toBe('ERR_NO_ENABLER_BANNER');
    expect((await post({ logo: imageOf(MAX_IMAGE_BYTES + 1), banner: tinyImage })).body).toMatchObject({
      code: 'ERR_FILE_TOO_LONG',
    });
    expect((await post({ logo: imageOf(MAX_IMAGE_BYTES), banner: imageOf(MAX_IMAGE_BYTES) })).status).toBe(
      201,
    );
    expect((await post({ logo: 'data:text/html;base64,PGI+', banner: tinyImage })).body.code).toBe(
      'ERR_IMAGE_NOT_PNG_OR_JPEG',
    );
  });

  it('take PNG and JPEG images only, by their type and their bytes, and write nothing otherwise', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const jpeg = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]).toString('base64')}`;
    const before = (await callApi(enablers, 'GET', '/admin/enablers', { token: admin })).body;
    for (const image of [
      `data:image/svg+xml;base64,${svg.toString('base64')}`,
      `data:image/png;base64,${svg.toString('base64')}`,
      `data:image/jpeg;base64,${svg.toString('base64')}`,
      `data:image/gif;base64,${Buffer.from('GIF89a, then its pixels').toString('base64')}`,
    ]) {
      for (const body of [
        { name: 'Svg', logo: image, banner: tinyImage },
        { name: 'Svg', logo: tinyImage, banner: image },
      ]) {
        const created = await callApi(enablers, 'POST', '/admin/enablers', { token: admin, body });
        expect(created).toMatchObject({ status: 400, body: { code: 'ERR_IMAGE_NOT_PNG_OR_JPEG' } });
        const edited = await callApi(enablers, 'POST', `/admin/enablers/${before[0].id}`, {
          token: admin,
          body,
        });
        expect(edited).toMatchObject({ status: 400, body: { code: 'ERR_IMAGE_NOT_PNG_OR_JPEG' } });
      }
    }
    expect((await callApi(enablers, 'GET', '/admin/enablers', { token: admin })).body).toEqual(before);
    const accepted = await callApi(enablers, 'POST', '/admin/enablers', {
      token: admin,
      body: { name: 'Jpeg', logo: jpeg, banner: tinyImage },
    });
    expect(accepted.status).toBe(201);
  });

  it('cannot be deleted while they have members, and take their configs with them otherwise', async () => {
    const busy = await givenEnabler();
    const agent = (await givenSignedInUser('USER', busy.id)).token;
    expect(
      (
        await callApi(members, 'POST', '/members', {
          token: agent,
          body: { name: 'A', village: 'B', number: 'C' },
        })
      ).status,
    ).toBe(201);
    const refused = await callApi(enablers, 'DELETE', `/admin/enablers/${busy.id}`, { token: admin });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: expect.stringMatching(/ERR_ENABLER_HAS_(MEMBERS|USERS)/) },
    });

    const idle = await newEnabler();
    await callApi(enablers, 'POST', `/admin/enablers/${idle.id}/configs`, { token: admin, body: demoConfig });
    expect((await callApi(enablers, 'DELETE', `/admin/enablers/${idle.id}`, { token: admin })).status).toBe(
      204,
    );
    expect(
      (await callApi(enablers, 'GET', `/admin/enablers/${idle.id}/configs`, { token: admin })).status,
    ).toBe(404);
  });

  it('with users only cannot be deleted either', async () => {
    const staffed = await givenEnabler();
    await givenUser({ role: 'USER', enablerId: staffed.id });
    expect(
      (await callApi(enablers, 'DELETE', `/admin/enablers/${staffed.id}`, { token: admin })).body.code,
    ).toBe('ERR_ENABLER_HAS_USERS');
  });

  it('are for administrators only', async () => {
    const agent = (await givenSignedInUser('USER', (await givenEnabler()).id)).token;
    expect((await callApi(enablers, 'GET', '/admin/enablers', { token: agent })).body.code).toBe(
      'ERR_FORBIDDEN_USER',
    );
  });
});

describe('configs', () => {
  it('are numbered versions; the enabler shows the latest', async () => {
    const enabler = await newEnabler();
    const first = await callApi(enablers, 'POST', `/admin/enablers/${enabler.id}/configs`, {
      token: admin,
      body: demoConfig,
    });
    const second = await callApi(enablers, 'POST', `/admin/enablers/${enabler.id}/configs`, {
      token: admin,
      body: { ...demoConfig, currency: 'INR' },
    });
    expect([first.body.version, second.body.version]).toEqual([1, 2]);
    const listed = await callApi(enablers, 'GET', `/admin/enablers/${enabler.id}/configs`, { token: admin });
    expect(listed.body.map((c: { version: number }) => c.version)).toEqual([2, 1]);
    const all = await callApi(enablers, 'GET', '/admin/enablers', { token: admin });
    expect(all.body.find((e: { id: string }) => e.id === enabler.id)).toMatchObject({
      latestConfigVersion: 2,
      latestConfigDate: second.body.creationDate,
      config: {
        _id: second.body._id,
        version: 2,
        date: second.body.creationDate,
        currency: 'INR',
        maxCompensationFactor: demoConfig.maxCompensationFactor,
        lengthOfSeasonInMonth: demoConfig.lengthOfSeasonInMonth,
        lengthOfCoverageInMonth: demoConfig.lengthOfCoverageInMonth,
      },
    });
  });

  it('round-trip: what is uploaded is what the detail gives back', async () => {
    const enabler = await newEnabler();
    const uploaded = { ...demoConfig, damageThreshold: 0.25, benefitFactorsByMonth: [0.1, 0.25, 1, 1] };
    await callApi(enablers, 'POST', `/admin/enablers/${enabler.id}/configs`, {
      token: admin,
      body: uploaded,
    });
    const [stored] = (
      await callApi(enablers, 'GET', `/admin/enablers/${enabler.id}/configs`, { token: admin })
    ).body;
    const { _id, version, creationDate, ...fields } = stored;
    expect(fields).toEqual(uploaded);
    expect([typeof _id, version, typeof creationDate]).toEqual(['string', 1, 'string']);

    const { damageThreshold: _none, ...withoutThreshold } = demoConfig;
    await callApi(enablers, 'POST', `/admin/enablers/${enabler.id}/configs`, {
      token: admin,
      body: withoutThreshold,
    });
    const [second] = (
      await callApi(enablers, 'GET', `/admin/enablers/${enabler.id}/configs`, { token: admin })
    ).body;
    const { _id: _id2, version: _v2, creationDate: _c2, ...secondFields } = second;
    expect(secondFields).toEqual(withoutThreshold);
  });

  it.each([
    ['ERR_ENABLERCONFIG_MISSING_CURRENCY', { ...demoConfig, currency: undefined }],
    ['ERR_ENABLERCONFIG_MISSING_MAXCOMPFACTOR', { ...demoConfig, maxCompensationFactor: undefined }],
    ['ERR_ENABLERCONFIG_MISSING_LENGTHSEASON', { ...demoConfig, lengthOfSeasonInMonth: undefined }],
    ['ERR_ENABLERCONFIG_MISSING_LENGTHCOVERAGE', { ...demoConfig, lengthOfCoverageInMonth: undefined }],
    ['ERR_ENABLERCONFIG_MISSING_FACTORS', { ...demoConfig, benefitFactorsByMonth: undefined }],
    ['ERR_ENABLERCONFIG_NOTARRAY_FACTORS', { ...demoConfig, benefitFactorsByMonth: { first: 1 } }],
    ['ERR_ENABLERCONFIG_INVALID_JSON', [demoConfig]],
  ])('answer %s for a wrong config, writing nothing', async (code, body) => {
    const enabler = await newEnabler();
    const answer = await callApi(enablers, 'POST', `/admin/enablers/${enabler.id}/configs`, {
      token: admin,
      body,
    });
    expect(answer).toMatchObject({ status: 400, body: { code } });
    expect(
      (await callApi(enablers, 'GET', `/admin/enablers/${enabler.id}/configs`, { token: admin })).body,
    ).toEqual([]);
  });

  it.each([
    ['ERR_ENABLERCONFIG_UNKNOWN_FIELD', { surprise: true }, { field: 'surprise' }],
    ['ERR_ENABLERCONFIG_INVALID_CURRENCY', { currency: 'xof' }, { field: 'currency' }],
    ['ERR_ENABLERCONFIG_INVALID_CURRENCY', { currency: 'XOFS' }, { field: 'currency' }],
    [
      'ERR_ENABLERCONFIG_INVALID_MAXCOMPFACTOR',
      { maxCompensationFactor: -1 },
      { field: 'maxCompensationFactor', max: 1000 },
    ],
    [
      'ERR_ENABLERCONFIG_INVALID_LENGTHSEASON',
      { lengthOfSeasonInMonth: -3 },
      { field: 'lengthOfSeasonInMonth', min: 1, max: 24 },
    ],
    [
      'ERR_ENABLERCONFIG_INVALID_LENGTHCOVERAGE',
      { lengthOfCoverageInMonth: 6.5 },
      { field: 'lengthOfCoverageInMonth', min: 1, max: 36 },
    ],
    [
      'ERR_ENABLERCONFIG_INVALID_DAMAGETHRESHOLD',
      { damageThreshold: 1.2 },
      { field: 'damageThreshold', min: 0, max: 1 },
    ],
    [
      'ERR_ENABLERCONFIG_TOO_MANY_FACTORS',
      { benefitFactorsByMonth: Array.from({ length: 37 }, () => 1) },
      { field: 'benefitFactorsByMonth', max: 36 },
    ],
    [
      'ERR_ENABLERCONFIG_INVALID_FACTOR',
      { benefitFactorsByMonth: [1, 2000] },
      { field: 'benefitFactorsByMonth', min: 0, max: 1000, position: 2 },
    ],
  ])('answer %s naming the field and its bounds, writing nothing', async (code, change, details) => {
    const enabler = await newEnabler();
    const answer = await callApi(enablers, 'POST', `/admin/enablers/${enabler.id}/configs`, {
      token: admin,
      body: { ...demoConfig, ...change },
    });
    expect(answer).toMatchObject({ status: 400, body: { code, details } });
    expect(
      (await callApi(enablers, 'GET', `/admin/enablers/${enabler.id}/configs`, { token: admin })).body,
    ).toEqual([]);
  });

  it('answer ERR_ENABLERCONFIG_NO_FILE without a body and ERR_ENABLERCONFIG_INVALID_JSON for a malformed one', async () => {
    const enabler = await newEnabler();
    const { handler } = { handler: enablers };
    const { httpApiEvent, lambdaContext } = await import('@cpbo/events/http-api-event.ts');
    const send = async (body: string | undefined) => {
      const result = await handler(
        httpApiEvent({
          method: 'POST',
          path: `/api/admin/enablers/${enabler.id}/configs`,
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
          body,
        }),
        lambdaContext('test'),
      );
      return JSON.parse(result.body ?? '{}').code;
    };
    expect(await send(undefined)).toBe('ERR_ENABLERCONFIG_NO_FILE');
    expect(await send('{"currency": "XOF",')).toBe('ERR_ENABLERCONFIG_INVALID_JSON');
  });
});

describe('campaigns', () => {
  it('are listed newest first, once each', async () => {
    const enabler = await newEnabler();
    await recordCampaign(enabler.id, { id: 'A-2025', name: 'Season 2025', reportingDate: '2025-10-01' });
    await recordCampaign(enabler.id, { id: 'A-2026', name: 'Season 2026', reportingDate: '2026-10-01' });
    await recordCampaign(enabler.id, { id: 'A-2026', name: 'Season 2026', reportingDate: '2026-10-01' });
    const { body } = await callApi(enablers, 'GET', `/admin/enablers/${enabler.id}/campaigns`, {
      token: admin,
    });
    expect(body).toEqual([
      { id: 'A-2026', name: 'Season 2026', reportingDate: '2026-10-01' },
      { id: 'A-2025', name: 'Season 2025', reportingDate: '2025-10-01' },
    ]);
  });
});
