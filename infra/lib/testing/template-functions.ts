import type { FunctionName } from '../function-permissions.ts';
import type { TemplateResources } from './template-values.ts';

/*
 * The backend functions of a synthesized stack (backend-functions.ts), found by their descriptions,
 * with their roles, log groups and environments, and the policies of a role.
 */

export interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

export interface PolicyDocument {
  Version?: string;
  Statement: PolicyStatement[];
}

export interface TemplateFunction {
  name: FunctionName;
  /** Logical ids of the function, its role and its log group. */
  functionId: string;
  roleId: string;
  logGroupId: string;
  /** Its environment variables, references unresolved. */
  environment: Readonly<Record<string, unknown>>;
}

const functionNameOf = (description: string): FunctionName | undefined => {
  const resource = /^API resource: (.+)$/u.exec(description)?.[1];
  const worker = /^Worker: (.+)$/u.exec(description)?.[1];
  return (resource ?? (worker && `${worker}-worker`)) as FunctionName | undefined;
};

/** The API's and the workers' functions of the stack. */
export const backendFunctionsOf = (resources: TemplateResources): TemplateFunction[] =>
  Object.entries(resources).flatMap(([functionId, { Type, Properties = {} }]) => {
    const name = Type === 'AWS::Lambda::Function' && functionNameOf(String(Properties.Description ?? ''));
    if (!name) return [];
    return [
      {
        name,
        functionId,
        roleId: (Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0],
        logGroupId: (Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref,
        environment: (Properties.Environment as { Variables?: Record<string, unknown> }).Variables ?? {},
      },
    ];
  });

/** The policies attached to the role (the role's logical id): their logical ids and documents. */
export const rolePoliciesOf = (
  resources: TemplateResources,
  roleId: string,
): { id: string; document: PolicyDocument }[] =>
  Object.entries(resources).flatMap(([id, { Type, Properties = {} }]) =>
    Type === 'AWS::IAM::Policy' && (Properties.Roles as { Ref: string }[]).some(({ Ref }) => Ref === roleId)
      ? [{ id, document: Properties.PolicyDocument as PolicyDocument }]
      : [],
  );
