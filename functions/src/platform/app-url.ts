import { noteStoodInCall } from './aws-call-observer.ts';
import { environmentVariables, readOptionalEnvironment } from './environment.ts';

let appUrl: Promise<string> | undefined;

/**
 * The SPA's public address, for links in mails: APP_URL when set, otherwise the SSM parameter named
 * by APP_URL_PARAMETER (CDK writes the CloudFront address there; an env var would make a cycle).
 * Never taken from a request header, so a caller cannot point a reset link elsewhere.
 */
export const applicationUrl = (): Promise<string> => {
  // At each use: in AWS each function reads it once; here one process reads it for all (aws-call-observer.ts).
  noteStoodInCall('SSMClient', 'GetParameterCommand', environmentVariables.appUrlParameter);
  appUrl ??= (async () => {
    const direct = readOptionalEnvironment('appUrl');
    if (direct) return direct.replace(/\/+$/, '');
    const name = readOptionalEnvironment('appUrlParameter');
    if (!name) throw new Error('Neither APP_URL nor APP_URL_PARAMETER is set');
    const { GetParameterCommand, SSMClient } = await import('./aws/ssm.ts');
    const parameter = await new SSMClient({}).send(new GetParameterCommand({ Name: name }));
    if (!parameter.Parameter?.Value) throw new Error(`The parameter ${name} is empty`);
    return parameter.Parameter.Value.replace(/\/+$/, '');
  })();
  appUrl.catch(() => {
    appUrl = undefined;
  });
  return appUrl;
};
