import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { RUNTIME_REASON } from './backend-functions.ts';
import { lambdaRuntime } from './function-bundling.ts';
import { acknowledge } from './nag.ts';
import { ORIGIN_VERIFY_HEADER } from './origin-verify-header.ts';

export { ORIGIN_VERIFY_HEADER };

/** How long API Gateway keeps an authorizer's answer for one header value. */
const AUTHORIZER_CACHE = Duration.minutes(5);

/*
 * The authorizer's code (inline: no bundle, the runtime's AWS SDK): the header must equal the secret.
 * The secret is read once per instance; a mismatch reads it again at most once a minute, so that a
 * rotated secret is taken up without letting wrong headers cost a read each.
 */
const authorizerCode = `
const { timingSafeEqual } = require('node:crypto');
const { SecretsManagerClient, GetSecretValueCommand } = require('@aws-sdk/client-secrets-manager');
const client = new SecretsManagerClient({});
let secret;
let readAt = 0;
const read = () => {
  readAt = Date.now();
  secret = client.send(new GetSecretValueCommand({ SecretId: process.env.ORIGIN_VERIFY_SECRET_ARN }))
    .then((answer) => Buffer.from(answer.SecretString ?? ''));
  secret.catch(() => { secret = undefined; });
  return secret;
};
const matches = (given, expected) => expected.length > 0 && given.length === expected.length && timingSafeEqual(given, expected);
exports.handler = async (event) => {
  const given = Buffer.from(event.headers?.['${ORIGIN_VERIFY_HEADER}'] ?? '');
  if (matches(given, await (secret ?? read()))) return { isAuthorized: true };
  if (Date.now() - readAt < 60000) return { isAuthorized: false };
  return { isAuthorized: matches(given, await read()) };
};
`;

export interface OriginVerifyProps {
  readonly environmentName: string;
  readonly retainData: boolean;
}

/**
 * Only CloudFront may call the API: it sends a secret header that a Lambda authorizer on every route
 * checks, so a call to the execute-api address (which CloudFront itself needs as its origin) skips
 * neither the WAF nor the response headers (docs/decisions.md, 2026-11-23).
 */
export class OriginVerify extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly authorizer: HttpLambdaAuthorizer;

  constructor(scope: Construct, id: string, { environmentName, retainData }: OriginVerifyProps) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: `CloudFront's header to the API of the crop protection back office (${environmentName})`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logGroup = new logs.LogGroup(this, 'logs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const role = new iam.Role(this, 'role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'The origin check: reads its secret, writes its log',
    });
    logGroup.grantWrite(role);
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: [this.secret.secretArn],
      }),
    );
    const fn = new lambda.Function(this, 'function', {
      description: 'Checks that a call to the API came through CloudFront',
      runtime: new lambda.Runtime(lambdaRuntime.name, lambda.RuntimeFamily.NODEJS, {
        supportsInlineCode: true,
      }),
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromInline(authorizerCode),
      memorySize: 256,
      timeout: Duration.seconds(5),
      environment: { ORIGIN_VERIFY_SECRET_ARN: this.secret.secretArn },
      role,
      logGroup,
    });
    acknowledge(fn, 'L1', RUNTIME_REASON);
    acknowledge(
      this.secret,
      'SMG4',
      'Rotated by hand with a deployment: CloudFront takes the value at deployment',
    );
    this.authorizer = new HttpLambdaAuthorizer('origin-verify', fn, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      resultsCacheTtl: AUTHORIZER_CACHE,
    });
  }

  /** The header's value for CloudFront: a dynamic reference, resolved by CloudFormation at deployment. */
  headerValue(): string {
    return this.secret.secretValue.unsafeUnwrap();
  }
}
