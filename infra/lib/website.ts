import { DefaultStackSynthesizer, Duration, Fn, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';
import type { AppConfig } from '@cpbo/schemas/app-config.ts';
import { API_BASE } from '@cpbo/functions/http/routes.ts';
import { spaFallbackFunctionCode } from '../../web/src/app/spa-fallback.ts';
import { securityHeaderSettings } from './security-headers.ts';
import { viewerHostFunctionCode } from './viewer-host.ts';
import { acknowledge, nagArnOf } from './nag.ts';

/** A custom address for the SPA; the certificate must be in us-east-1, as CloudFront requires. */
export interface CustomDomain {
  readonly domainName: string;
  readonly certificateArn: string;
}

export interface WebsiteProps {
  readonly httpApi: apigwv2.IHttpApi;
  /** The built SPA (web/dist); injected so that tests need no build. */
  readonly spaContent: s3deploy.ISource;
  readonly environmentName: string;
  readonly appUrlParameterName: string;
  readonly customDomain?: CustomDomain;
  /** The WAF web ACL (scope CLOUDFRONT) that filters every request; none in tests and local synths. */
  readonly webAclArn?: string;
  /** The header CloudFront adds to the API's requests, which the API's authorizer checks. */
  readonly originVerifyHeader: { name: string; value: string };
  /** The files bucket's origin, where the SPA PUTs uploads through presigned URLs (the policy allows it). */
  readonly filesOrigin: string;
}

/**
 * The built SPA as deployed: without the pre-compressed copies and the build manifest, which only the
 * local server and npm run bench:web read (CloudFront compresses by itself).
 */
export const spaContentFrom = (directory: string): s3deploy.ISource =>
  s3deploy.Source.asset(directory, { exclude: ['.vite', '*.br', '*.gz'] });

/** The SPA bucket, the CloudFront distribution in front of it and of /api, and the SPA's deployment. */
export class Website extends Construct {
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: WebsiteProps) {
    super(scope, id);

    // Only built files live here, all reproducible from the repository: nothing to keep on deletion.
    const spaBucket = new s3.Bucket(this, 'SpaBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    acknowledge(spaBucket, 'S1', 'Built files only, read by CloudFront alone through origin access control');

    const settings = securityHeaderSettings(props.filesOrigin);
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of the crop protection back office',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(settings.hstsMaxAgeSeconds),
          includeSubdomains: settings.hstsIncludeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: {
          frameOption: cloudfront.HeadersFrameOption[settings.frameOption],
          override: true,
        },
        referrerPolicy: {
          referrerPolicy: settings.referrerPolicy as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: settings.contentSecurityPolicy,
          override: true,
        },
      },
    });

    // Screens get index.html by the rule the local server applies (not by error responses, which
    // would also replace the API's JSON 404s with the shell).
    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      comment: 'Serves index.html for SPA routes',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(spaFallbackFunctionCode),
    });

    // The API checks the SPA's session cookie calls against the host the browser asked for.
    const viewerHost = new cloudfront.Function(this, 'ViewerHost', {
      comment: 'Passes the host the browser asked for to the API',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(viewerHostFunctionCode),
    });

    const { customDomain } = props;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Crop protection back office (${props.environmentName})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      webAclId: props.webAclArn,
      // Only a custom certificate can raise the TLS floor: the default *.cloudfront.net one is fixed at TLSv1.
      ...(customDomain && {
        domainNames: [customDomain.domainName],
        certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', customDomain.certificateArn),
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(spaBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        [`${API_BASE}/*`]: {
          origin: new origins.HttpOrigin(Fn.parseDomainName(props.httpApi.apiEndpoint), {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            customHeaders: { [props.originVerifyHeader.name]: props.originVerifyHeader.value },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          // Nothing is cached: an answer may carry the session cookie (Set-Cookie) or a user's data.
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Everything but Host, which must stay the API's own; with caching disabled this includes
          // Authorization, Origin, Sec-Fetch-Site and every cookie (the SPA's refresh token cookie).
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            { function: viewerHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    });
    acknowledge(
      this.distribution,
      'CFR1',
      "The programme's field agents work from several countries: no geographic restriction",
    );
    acknowledge(
      this.distribution,
      'CFR3',
      "The API's access log (API Gateway) and the WAF's sampled requests and metrics record the calls; the SPA's files are public",
    );

    // Vite writes content-hashed files under assets/: cached for a year. The rest (index.html,
    // config.json, public files) is revalidated on every load so a deployment shows at once.
    const hashedAssets = new s3deploy.BucketDeployment(this, 'HashedAssets', {
      sources: [props.spaContent],
      destinationBucket: spaBucket,
      exclude: ['*'],
      include: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    const shell = new s3deploy.BucketDeployment(this, 'Shell', {
      sources: [
        props.spaContent,
        // Read by the SPA at start-up: the environment label of the header.
        s3deploy.Source.jsonData('config.json', {
          environment: props.environmentName,
        } satisfies AppConfig),
      ],
      destinationBucket: spaBucket,
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    // The new index.html must not be served before the files it references exist.
    shell.node.addDependency(hashedAssets);

    // CDK's own provider of the deployments (one per stack), with the policy CDK writes for it.
    const deploymentProvider = Stack.of(this).node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (deploymentProvider) {
      acknowledge(deploymentProvider, 'L1', "CDK's BucketDeployment provider: its runtime is CDK's choice");
      acknowledge(
        deploymentProvider,
        'IAM4',
        "CDK's BucketDeployment provider: the basic execution role CDK gives it",
        ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      );
      const stack = Stack.of(this);
      const named = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);
      const assetBucket =
        `arn:${named(stack.partition, 'AWS::Partition')}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-` +
        `${named(stack.account, 'AWS::AccountId')}-${named(stack.region, 'AWS::Region')}/*`;
      acknowledge(
        deploymentProvider,
        'IAM5',
        "CDK's BucketDeployment provider: reads CDK's asset bucket and replaces the SPA bucket's files",
        [
          ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map(
            (action) => `Action::${action}`,
          ),
          `Resource::${assetBucket}`,
          `Resource::${nagArnOf(spaBucket)}/*`,
          'Resource::*',
        ],
      );
    }

    new ssm.StringParameter(this, 'AppUrl', {
      parameterName: props.appUrlParameterName,
      description: 'Public address of the SPA, for links in mails',
      stringValue: `https://${customDomain?.domainName ?? this.distribution.distributionDomainName}`,
    });
  }
}
