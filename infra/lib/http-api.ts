import { RemovalPolicy } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_BASE, routes } from '@cpbo/functions/http/routes.ts';
import type { ApiFunctionName, BackendFunctions } from './backend-functions.ts';

export interface BackOfficeApiProps {
  readonly functions: BackendFunctions;
  readonly retainData: boolean;
}

/**
 * The HTTP API: one route per entry of the route table, and a catch-all answering our JSON 404.
 * No authorizer: each function checks the token itself, with the access rule of its route.
 */
export class BackOfficeApi extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;

  constructor(scope: Construct, id: string, { functions, retainData }: BackOfficeApiProps) {
    super(scope, id);
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Crop protection back office API',
      createDefaultStage: false,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      // A back office used by a few hundred field agents: this bounds runaway clients, not normal use.
      throttle: { rateLimit: 100, burstLimit: 200 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(
          new logs.LogGroup(this, 'AccessLogs', {
            retention: logs.RetentionDays.ONE_MONTH,
            removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
          }),
        ),
      },
    });

    const integrations = new Map<ApiFunctionName, HttpLambdaIntegration>();
    const integrationOf = (name: ApiFunctionName): HttpLambdaIntegration => {
      let integration = integrations.get(name);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${name}-integration`, functions.api[name], {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        });
        integrations.set(name, integration);
      }
      return integration;
    };

    for (const route of routes) {
      this.httpApi.addRoutes({
        path: `${API_BASE}${route.path}`,
        methods: [apigwv2.HttpMethod[route.method]],
        integration: integrationOf(route.resource),
      });
    }
    this.httpApi.addRoutes({
      path: `${API_BASE}/{proxy+}`,
      methods: [apigwv2.HttpMethod.ANY],
      integration: integrationOf('not-found'),
    });
  }
}
