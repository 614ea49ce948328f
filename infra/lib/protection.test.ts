import { Duration } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ONE_TIME_TOKEN_LIFETIME_SECONDS } from '@cpbo/functions/domain/one-time-tokens.ts';
import { API_BASE, resources, routes } from '@cpbo/functions/http/routes.ts';
import { queueNames } from '@cpbo/functions/domain/queues.ts';
import { streamWorkers, workers } from '@cpbo/functions/workers/workers.ts';
import { errorCatalogue } from '@cpbo/schemas/error-catalogue.ts';
import { API_5XX_PERCENT_THRESHOLD, ITERATOR_AGE_THRESHOLD } from './alarms.ts';
import { CropProtectionStack, type CropProtectionStackProps } from './crop-protection-stack.ts';
import { DEFAULT_SIGN_IN_RATE_LIMIT, EdgeProtectionStack, signInPaths } from './edge-protection-stack.ts';
import { environmentSettings } from './environment-settings.ts';
import { DEFAULT_API_THROTTLE } from './http-api.ts';
import { stackProps, templateApp } from './testing/stacks-under-test.ts';

const synthesize = (props: Partial<CropProtectionStackProps> = {}): Template =>
  Template.fromStack(
    new CropProtectionStack(
      templateApp(),
      'CropProtection-demo',
      stackProps({ environmentName: 'demo', ...props }),
    ),
  );
const demo = synthesize();

type Resource = { Properties: Record<string, unknown> };
const alarms = (template: Template) =>
  Object.values(template.findResources('AWS::CloudWatch::Alarm')) as (Resource & {
    Properties: { AlarmActions: unknown[]; Threshold: number; MetricName?: string; Namespace?: string };
  })[];

describe('the alarms', () => {
  const topicId = Object.keys(demo.findResources('AWS::SNS::Topic'))[0];

  it('are one SNS topic, without subscription unless the environment names an e-mail', () => {
    demo.resourceCountIs('AWS::SNS::Topic', 1);
    demo.resourceCountIs('AWS::SNS::Subscription', 0);
    const mailed = synthesize({ alarmEmail: 'ops@example.org' });
    mailed.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.org',
    });
  });

  it('watch each dead-letter queue, each function, the stream consumers and the API, all to the topic', () => {
    const all = alarms(demo);
    const functionCount = resources.length + 1 + workers.length;
    const deadLetterCount = queueNames.length + streamWorkers.length;
    expect(all).toHaveLength(deadLetterCount + functionCount + streamWorkers.length + 1);
    for (const alarm of all) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
    const byMetric = (name: string) => all.filter((alarm) => alarm.Properties.MetricName === name);
    expect(byMetric('ApproximateNumberOfMessagesVisible')).toHaveLength(deadLetterCount);
    for (const alarm of byMetric('ApproximateNumberOfMessagesVisible')) {
      expect(alarm.Properties).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    }
    const perFunction = all.filter((alarm) =>
      JSON.stringify(alarm.Properties).includes('errors + throttles'),
    );
    expect(perFunction).toHaveLength(functionCount);
    for (const alarm of perFunction) {
      const metrics = JSON.stringify(alarm.Properties);
      expect(metrics).toContain('"MetricName":"Errors"');
      expect(metrics).toContain('"MetricName":"Throttles"');
    }
    expect(byMetric('IteratorAge')).toHaveLength(streamWorkers.length);
    for (const alarm of byMetric('IteratorAge')) {
      expect(alarm.Properties.Threshold).toBe(ITERATOR_AGE_THRESHOLD.toMilliseconds());
    }
  });

  it("alarm on the share of the API's 5xx answers", () => {
    const rate = alarms(demo).find((alarm) => JSON.stringify(alarm.Properties).includes('"5xx"'));
    expect(rate?.Properties.Threshold).toBe(API_5XX_PERCENT_THRESHOLD);
    expect(JSON.stringify(rate?.Properties)).toContain('100 * errors / calls');
  });
});

describe('the limits', () => {
  it("throttle the API's stage by default, or as the environment says", () => {
    demo.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: {
        ThrottlingRateLimit: DEFAULT_API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: DEFAULT_API_THROTTLE.burstLimit,
      },
    });
    synthesize({ apiThrottle: { rateLimit: 20, burstLimit: 40 } }).hasResourceProperties(
      'AWS::ApiGatewayV2::Stage',
      { DefaultRouteSettings: { ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 } },
    );
  });

  it('keep the dead letters of mails no longer than the longest one-time link they hold', () => {
    const longest = Math.max(...Object.values(ONE_TIME_TOKEN_LIFETIME_SECONDS));
    const mailQueue = Object.entries(demo.findResources('AWS::SQS::Queue')).find(([id]) =>
      id.startsWith('WorkQueuesmaildeadletters'),
    );
    expect(mailQueue?.[1].Properties.MessageRetentionPeriod).toBe(longest);
    expect(longest).toBeLessThan(Duration.days(14).toSeconds());
  });

  it('put the distribution behind the web ACL it is given', () => {
    const arn = 'arn:aws:wafv2:us-east-1:111111111111:global/webacl/crop-protection-demo/abc';
    synthesize({ webAclArn: arn }).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: arn }),
    });
  });
});

describe('the WAF web ACL', () => {
  const edge = Template.fromStack(
    new EdgeProtectionStack(templateApp(), 'CropProtection-demo-edge', {
      env: { account: '111111111111', region: 'us-east-1' },
      environmentName: 'demo',
    }),
  );
  const acl = Object.values(edge.findResources('AWS::WAFv2::WebACL'))[0] as Resource & {
    Properties: { Scope: string; Rules: Record<string, unknown>[] };
  };

  it("is CloudFront's, in us-east-1", () => {
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
  });

  it('limits per client the anonymous posts of the route table: sign-in, registration, reset', () => {
    const paths = signInPaths();
    expect(paths.toSorted()).toEqual(
      routes
        .filter(
          (route) =>
            ['POST /auth/login', 'POST /register'].includes(`${route.method} ${route.path}`) ||
            route.path.startsWith('/resetPassword'),
        )
        .map((route) => `${API_BASE}${route.path}`)
        .toSorted(),
    );
    const [rate] = acl.Properties.Rules;
    expect(rate).toMatchObject({
      Priority: 0,
      Action: {
        Block: { CustomResponse: { ResponseCode: errorCatalogue.ERR_TOO_MANY_REQUESTS.status } },
      },
      Statement: { RateBasedStatement: { Limit: DEFAULT_SIGN_IN_RATE_LIMIT, AggregateKeyType: 'IP' } },
    });
    const scoped = JSON.stringify(rate);
    for (const path of paths) expect(scoped).toContain(`"SearchString":"${path}"`);
  });

  it("applies AWS's common rules, the body size and cross-site rules counted only (imports post whole files)", () => {
    const common = acl.Properties.Rules.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet');
    expect(JSON.stringify(common)).toContain('"SizeRestrictions_BODY"');
    expect(common).toMatchObject({ OverrideAction: { None: {} } });
  });
});

describe('the environment settings', () => {
  const settingsOf = (context: Record<string, unknown>) => environmentSettings((key) => context[key]);

  it('default to the demo environment without a custom domain', () => {
    expect(settingsOf({})).toMatchObject({ environmentName: 'demo', customDomain: undefined });
  });

  it('refuse a production environment without its domain and certificate (CloudFront would accept TLS 1.0)', () => {
    expect(() => settingsOf({ env: 'prod' })).toThrow(/TLS 1.2/);
    expect(
      settingsOf({
        env: 'prod',
        domainName: 'app.example.org',
        certificateArn: 'arn:aws:acm:us-east-1:1:c/x',
      }),
    ).toMatchObject({ customDomain: { domainName: 'app.example.org' } });
  });

  it('check the limits and the alarm address', () => {
    expect(settingsOf({ apiRateLimit: '50', apiBurstLimit: '80' }).apiThrottle).toEqual({
      rateLimit: 50,
      burstLimit: 80,
    });
    expect(() => settingsOf({ apiRateLimit: '50' })).toThrow(/go together/);
    expect(() => settingsOf({ apiRateLimit: '-1', apiBurstLimit: '2' })).toThrow(/whole number/);
    expect(() => settingsOf({ signInRateLimit: '5' })).toThrow(/from 10/);
    expect(() => settingsOf({ alarmEmail: 'not an address' })).toThrow(/e-mail/);
  });
});
