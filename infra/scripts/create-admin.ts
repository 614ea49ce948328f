/**
 * npm run create-admin -- --table <TableName> --app-url <DistributionUrl> --email <email> --name <name>
 * Creates an administrator in a deployed environment (the first one, or a rescue one) and prints the
 * one-time registration link, so no mail service is needed. Uses the caller's AWS credentials.
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    table: { type: 'string' },
    'app-url': { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
  },
});
if (!values.table || !values['app-url'] || !values.email || !values.name) {
  console.error(
    'Usage: npm run create-admin -- --table <TableName> --app-url <DistributionUrl> --email <email> --name <name>',
  );
  process.exit(2);
}
process.env.TABLE_NAME = values.table;

const { normalizeEmail } = await import('@cpbo/functions/domain/emails.ts');
const { epochSeconds } = await import('@cpbo/functions/data/table/table.ts');
const { createUser, storeOneTimeToken } = await import('@cpbo/functions/data/accounts/users.ts');
const { hashOneTimeToken, linkPath, newOneTimeToken, ONE_TIME_TOKEN_LIFETIME_SECONDS } =
  await import('@cpbo/functions/domain/one-time-tokens.ts');

const email = normalizeEmail(values.email);
await createUser({ email, username: values.name, role: 'ADMIN', enablerId: '', defaultFederation: null });
const token = newOneTimeToken();
await storeOneTimeToken(hashOneTimeToken(token), {
  purpose: 'REGISTER',
  email,
  expiresAt: epochSeconds() + ONE_TIME_TOKEN_LIFETIME_SECONDS.REGISTER,
});
console.log(`Administrator ${email} created. Registration link (valid 7 days, once):`);
console.log(`${values['app-url'].replace(/\/+$/, '')}${linkPath('REGISTER', token)}`);
