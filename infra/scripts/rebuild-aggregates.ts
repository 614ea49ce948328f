/**
 * npm run aggregates:rebuild -- [--table <TableName>] [--enabler <id>]
 * Recomputes the dashboard aggregates from the records (repair), for one enabler or every one.
 * With --table: that table, with the caller's AWS credentials (a deployed environment). Without: the
 * local table of `npm start` in DATA_DIR (default .local/), which `npm start` must not be running on
 * (DynamoDB Local opens its files alone); while it runs, use the administrator's POST /dashboard/rebuild.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readSettings } from '../local/settings.ts';

const { values } = parseArgs({ options: { table: { type: 'string' }, enabler: { type: 'string' } } });

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
let stopLocal: (() => Promise<void>) | undefined;
if (values.table) process.env.TABLE_NAME = values.table;
else {
  const { startAwsSubstitutes } = await import('../local/aws-substitutes.ts');
  const { dataDir } = readSettings(process.env, repositoryRoot);
  const substitutes = await startAwsSubstitutes({ dataDir });
  Object.assign(process.env, substitutes.environment);
  stopLocal = substitutes.stop;
  console.log(`Local table in ${dataDir}`);
}

// After the environment is set: the functions read it when loaded.
const { rebuildAggregates } = await import('@cpbo/functions/data/aggregates/aggregates.ts');
const { listEnablers } = await import('@cpbo/functions/data/enablers/enablers.ts');

try {
  const enablerIds = values.enabler ? [values.enabler] : (await listEnablers()).map((enabler) => enabler.id);
  for (const enablerId of enablerIds) {
    const started = Date.now();
    const result = await rebuildAggregates(enablerId);
    console.log(
      `${enablerId}: ${result.records} records read, ${result.aggregates} aggregates` +
        (result.malformed ? `, ${result.malformed} malformed records left out (logged)` : '') +
        ` (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
} finally {
  await stopLocal?.();
}
