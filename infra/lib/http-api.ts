import { RemovalPolicy } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { API_BASE, routes } from '@cpbo/functions/http/routes.ts';
import type { ApiFunctionName, BackendFunctions } from './backend-functions.ts';

/** The stage's limits: requests per second in the steady state, and the burst above it. */
export interface ApiThrottle {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** A back office used by a few hundred field agents: this bounds runaway clients, not normal use. */
export const DEFAULT_API_THROTTLE: ApiThrottle = { rateLimit: 100, burstLimit: 200 };

export interface BackOfficeApiProps {
  readonly functions: BackendFunctions;
  readonly retainData: boolean;
  readonly throttle?: ApiThrottle;
  /** On every route: the check that the call came through CloudFront (origin-verify.ts). */
  readonly originCheck: apigwv2.IHttpRouteAuthorizer;
}

/**
 * The HTTP API: one route per entry of the route table, and a catch-all answering our JSON 404.
 * Its one authorizer checks that the call came through CloudFront; each function checks the token
 * itself, with the access rule of its route.
 */
export class BackOfficeApi extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;

  constructor(
    scope: Construct,
    id: string,
    { functions, retainData, throttle, originCheck }: BackOfficeApiProps,
  ) {
    super(scope, id);
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Crop protection back office API',
      createDefaultStage: false,
      defaultAuthorizer: originCheck,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: throttle ?? DEFAULT_API_THROTTLE,
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
