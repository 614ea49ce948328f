import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { errorCatalogue, type ErrorCode } from '@cpbo/schemas/error-catalogue.ts';
import { API_BASE, routes } from '@cpbo/functions/http/routes.ts';

/** The WAF's answer to a client over the limit, as the API's own errors are written. */
const TOO_MANY = 'ERR_TOO_MANY_REQUESTS' satisfies ErrorCode;

/** Requests one client (IP address) may send to the sign-in, reset and registration calls in 5 minutes. */
export const DEFAULT_SIGN_IN_RATE_LIMIT = 100;
/** WAF counts a rate-based rule over this window (seconds). */
export const SIGN_IN_RATE_WINDOW_SECONDS = 300;

/**
 * The calls that take a password, an e-mail or a one-time link from anyone: the anonymous POSTs of the
 * route table (sign-in, registration, password reset and its request). Their paths are prefixes: the
 * router takes a trailing slash too.
 */
export const signInPaths = (): string[] =>
  routes
    .filter((route) => route.access === 'anonymous' && route.method === 'POST')
    .map((route) => `${API_BASE}${route.path}`);

/** AWS's managed rules on everything, with the rules that would break the back office only counted. */
const MANAGED_RULE_GROUPS: { name: string; countOnly: string[] }[] = [
  // Imports post whole files as JSON (far above the 8 KB body rule); members' notes and names hold free text.
  { name: 'AWSManagedRulesCommonRuleSet', countOnly: ['SizeRestrictions_BODY', 'CrossSiteScripting_BODY'] },
  { name: 'AWSManagedRulesKnownBadInputsRuleSet', countOnly: [] },
];

export interface EdgeProtectionStackProps extends StackProps {
  readonly environmentName: string;
  /** Requests per client per 5 minutes on signInPaths(); DEFAULT_SIGN_IN_RATE_LIMIT unless set. */
  readonly signInRateLimit?: number;
}

/**
 * The WAF web ACL of one environment's CloudFront distribution. A CLOUDFRONT web ACL exists only in
 * us-east-1, so it is a stack of its own there; the environment's stack takes its ARN through CDK's
 * cross-region references (docs/decisions.md, 2026-11-23).
 */
export class EdgeProtectionStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeProtectionStackProps) {
    super(scope, id, props);
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${props.environmentName}-${metricName}`,
    });
    const paths = signInPaths();
    const pathMatch = (path: string): wafv2.CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'STARTS_WITH',
        searchString: path,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    });
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `crop-protection-${props.environmentName}`,
      // CloudFormation allows no parentheses here.
      description: `Crop protection back office ${props.environmentName}: sign-in rate per client, AWS managed rules`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      customResponseBodies: {
        'too-many-requests': {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ code: TOO_MANY, message: errorCatalogue[TOO_MANY].message }),
        },
      },
      rules: [
        {
          // Many wrong passwords from one client are stopped here, before they lock the accounts they try.
          name: 'sign-in-rate-per-client',
          priority: 0,
          action: {
            block: {
              customResponse: {
                responseCode: errorCatalogue[TOO_MANY].status,
                customResponseBodyKey: 'too-many-requests',
              },
            },
          },
          statement: {
            rateBasedStatement: {
              limit: props.signInRateLimit ?? DEFAULT_SIGN_IN_RATE_LIMIT,
              evaluationWindowSec: SIGN_IN_RATE_WINDOW_SECONDS,
              aggregateKeyType: 'IP',
              scopeDownStatement:
                paths.length === 1
                  ? pathMatch(paths[0] as string)
                  : { orStatement: { statements: paths.map(pathMatch) } },
            },
          },
          visibilityConfig: visibility('sign-in-rate'),
        },
        ...MANAGED_RULE_GROUPS.map(({ name, countOnly }, index) => ({
          name,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
            },
          },
          visibilityConfig: visibility(name),
        })),
      ],
    });
  }
}
