import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/*
 * cdk-nag's AwsSolutions rules, acknowledged where a rule does not fit, each on the one construct it
 * concerns and with its reason (infra/lib/cdk-nag.test.ts runs the rules on the synthesized stacks).
 */

/** Acknowledges an AwsSolutions rule on one construct; `findings` narrows it to those findings only. */
export const acknowledge = (scope: IConstruct, rule: string, reason: string, findings?: string[]): void => {
  const ids = findings
    ? findings.map((finding) => `AwsSolutions-${rule}[${finding}]`)
    : [`AwsSolutions-${rule}`];
  for (const id of ids) Validations.of(scope).acknowledge({ id, reason });
};

/** How cdk-nag writes a resource's ARN in a finding: `<LogicalId.Arn>`. */
export const nagArnOf = (resource: IConstruct): string =>
  `<${Stack.of(resource).getLogicalId(resource.node.defaultChild as CfnElement)}.Arn>`;
