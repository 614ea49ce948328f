/**
 * npm run bench:members — the member list at 50 000 members in one enabler, on DynamoDB Local.
 * Prints the warm p50/p95 of a list call through the members handler (sorted, filtered, searched)
 * beside the p50 of a bare one-page DynamoDB Query on the same table, and their ratio (target ≤ 3).
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { startAwsSubstitutes } from '../aws-substitutes.ts';
import { localClientConfig, localTableName } from '../aws-environment.ts';
import { newJwtSecret } from '../jwt-secret.ts';
import { httpApiEvent, lambdaContext } from '@cpbo/events/http-api-event.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const MEASURED_CALLS = Number(process.env.BENCH_CALLS ?? 300);
const WRITERS = 8;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

const firstNames = [
  'Awa',
  'Moussa',
  'Fatou',
  'Ibrahima',
  'Aïssatou',
  'Mamadou',
  'Khady',
  'Ousmane',
  'Ndèye',
  'Cheikh',
];
const lastNames = ['Diop', 'Ndiaye', 'Sarr', 'Fall', 'Ba', 'Sène', 'Faye', 'Gueye', 'Diouf', 'Cissé'];
const federations = ['Kaolack', 'Thiès', 'Fatick', 'Louga', null];

const memberItem = (enablerId: string, index: number, now: number) => {
  const id = randomUUID();
  // Members were onboarded and last changed over the past year, as in a real enabler.
  const updatedAt = new Date(now - ((index * 7919) % 365) * 86_400_000 - index * 1000).toISOString();
  const lastContribution =
    index % 5 === 0 ? null : new Date(now - (index % 400) * 86_400_000).toISOString().slice(0, 10);
  return {
    pk: `MEMBER#${id}`,
    sk: 'PROFILE',
    entityType: 'MEMBER',
    gsi1pk: `ENABLER#${enablerId}#MEMBER`,
    gsi1sk: `${updatedAt}#${id}`,
    id,
    enablerId,
    name: `${firstNames[index % 10]} ${lastNames[Math.floor(index / 10) % 10]} ${index}`,
    village: `Village ${index % 97}`,
    number: `M-${String(index).padStart(6, '0')}`,
    federation: federations[index % federations.length] ?? undefined,
    onboardingDate: updatedAt.slice(0, 10),
    contributionTotalCents: (index % 37) * 1500,
    payoutTotalCents: (index % 11) * 2000,
    cashoutTotalCents: 0,
    cashoutBalanceCents: (index % 11) * 2000,
    plotCount: index % 4,
    lastContributionDate: lastContribution ?? undefined,
    lastPayoutDate:
      index % 11 ? new Date(now - (index % 300) * 86_400_000).toISOString().slice(0, 10) : undefined,
    createdAt: updatedAt,
    updatedAt,
  };
};

const seed = async (client: DynamoDBDocumentClient, enablerId: string) => {
  const now = Date.now();
  const started = performance.now();
  let next = 0;
  const writer = async () => {
    while (next < MEMBERS) {
      const batch = [];
      for (let i = 0; i < 25 && next < MEMBERS; i += 1, next += 1)
        batch.push(memberItem(enablerId, next, now));
      let requests: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
        [localTableName]: batch.map((Item) => ({ PutRequest: { Item } })),
      };
      while (requests && Object.keys(requests).length) {
        const result = await client.send(new BatchWriteCommand({ RequestItems: requests }));
        requests = result.UnprocessedItems as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return performance.now() - started;
};

const main = async () => {
  const substitutes = await startAwsSubstitutes({ inMemory: true });
  try {
    Object.assign(process.env, substitutes.environment, { JWT_SECRET: newJwtSecret(), LOG_LEVEL: 'warn' });
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient(localClientConfig(substitutes.dynamoEndpoint)),
      {
        marshallOptions: { removeUndefinedValues: true },
      },
    );
    const { createEnabler } = await import('@cpbo/functions/data/enablers.ts');
    const { createUser } = await import('@cpbo/functions/data/users.ts');
    const { hashPassword } = await import('@cpbo/functions/platform/password-hashing.ts');
    const { handler: auth } = await import('@cpbo/functions/http/auth/handler.ts');
    const image = `data:image/png;base64,${Buffer.from('bench').toString('base64')}`;
    const enablerId = (await createEnabler({ name: 'Bench', logo: image, banner: image }, 'bench')).id;
    const seedMs = await seed(client, enablerId);
    console.log(`seeded ${MEMBERS} members in ${(seedMs / 1000).toFixed(1)} s`);

    // A real agent session: every list call reads it, as in production.
    const agent = { email: 'bench@example.org', password: 'bench password' };
    await createUser({
      email: agent.email,
      username: 'Bench',
      role: 'USER',
      enablerId,
      defaultFederation: null,
      passwordHash: await hashPassword(agent.password),
    });
    const signedIn = await auth(
      httpApiEvent({
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: agent.email, password: agent.password }),
      }),
      lambdaContext('auth'),
    );
    const token = (JSON.parse(signedIn.body ?? '{}') as { accessToken: string }).accessToken;

    const { handler } = await import('@cpbo/functions/http/members/handler.ts');
    const shapes: Record<string, string>[] = [
      { page: '1', pageSize: '10', 'sort:name': 'asc' },
      { page: '3', pageSize: '50', 'sort:pendingBenefits': 'desc', 'filter:plots': 'one' },
      { page: '1', pageSize: '10', 'sort:onboardingDate': 'desc', 'filter:search': 'diop' },
      {
        page: '2',
        pageSize: '100',
        'sort:federation': 'asc',
        'filter:benefits': '12_months',
        'filter:contributions': 'not_2_months',
      },
      { page: '1', pageSize: '10', 'sort:number': 'desc', 'filter:search': 'M-0012' },
    ];
    const list = async (query: Record<string, string>) => {
      const started = performance.now();
      const result = await handler(
        httpApiEvent({
          method: 'GET',
          path: '/api/members',
          headers: { authorization: `Bearer ${token}` },
          query,
        }),
        lambdaContext('members', 120_000),
      );
      const elapsed = performance.now() - started;
      if (result.statusCode !== 200) throw new Error(`list answered ${result.statusCode}: ${result.body}`);
      return { elapsed, body: JSON.parse(result.body ?? '{}') as { count: number } };
    };
    const cold = await list(shapes[0] as Record<string, string>);
    console.log(
      `first call (loads the directory): ${cold.elapsed.toFixed(0)} ms, ${cold.body.count} members`,
    );
    for (const shape of shapes) for (let i = 0; i < 5; i += 1) await list(shape);

    const listTimes: number[] = [];
    for (let i = 0; i < MEASURED_CALLS; i += 1)
      listTimes.push((await list(shapes[i % shapes.length] as Record<string, string>)).elapsed);

    const query = () =>
      client.send(
        new QueryCommand({
          TableName: localTableName,
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :members',
          ExpressionAttributeValues: { ':members': `ENABLER#${enablerId}#MEMBER` },
          Limit: 10,
        }),
      );
    for (let i = 0; i < 20; i += 1) await query();
    const queryTimes: number[] = [];
    for (let i = 0; i < MEASURED_CALLS; i += 1) {
      const started = performance.now();
      await query();
      queryTimes.push(performance.now() - started);
    }

    const { memberDirectory } = await import('@cpbo/functions/data/member-directory.ts');
    // The two parts of a warm list call, measured alone.
    const catchUp: number[] = [];
    const pass: number[] = [];
    const { readMemberListQuery } = await import('@cpbo/functions/domain/member-list.ts');
    for (let i = 0; i < 100; i += 1) {
      const t1 = performance.now();
      const index = await memberDirectory(enablerId);
      const t2 = performance.now();
      index.list(
        readMemberListQuery(shapes[i % shapes.length] as Record<string, string>) as never,
        '2026-11-21',
      );
      const t3 = performance.now();
      catchUp.push(t2 - t1);
      pass.push(t3 - t2);
    }
    // The session check every authenticated call makes (one strongly consistent GetItem), alone.
    const { getSessionState } = await import('@cpbo/functions/data/sessions.ts');
    const { verifyAccessToken } = await import('@cpbo/functions/platform/access-token.ts');
    const claims = await verifyAccessToken(token);
    const sessionCheck: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const started = performance.now();
      await getSessionState(claims.email, claims.sessionId);
      sessionCheck.push(performance.now() - started);
    }
    console.log(
      `probe: catch-up p50 ${percentile(catchUp, 50).toFixed(2)} ms, list pass p50 ${percentile(pass, 50).toFixed(2)} ms, ` +
        `session check p50 ${percentile(sessionCheck, 50).toFixed(2)} ms`,
    );
    const listP50 = percentile(listTimes, 50);
    const queryP50 = percentile(queryTimes, 50);
    console.log('');
    console.log(`| measure (${MEMBERS} members, ${MEASURED_CALLS} warm calls each) | p50 ms | p95 ms |`);
    console.log('|---|---|---|');
    console.log(
      `| GET /members through the handler (sorted, filtered, searched, paged) | ${listP50.toFixed(2)} | ${percentile(listTimes, 95).toFixed(2)} |`,
    );
    console.log(
      `| bare DynamoDB Query, one page of 10 | ${queryP50.toFixed(2)} | ${percentile(queryTimes, 95).toFixed(2)} |`,
    );
    console.log('');
    console.log(`ratio list p50 / query p50: ${(listP50 / queryP50).toFixed(2)} (target ≤ 3)`);
    client.destroy();
  } finally {
    await substitutes.stop();
  }
};

await main();
