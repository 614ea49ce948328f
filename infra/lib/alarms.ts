import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** The share of the API's answers that may be 5xx over five minutes before someone is told. */
export const API_5XX_PERCENT_THRESHOLD = 5;
/**
 * How far behind a stream consumer may fall: the member directory gathers changes for up to 20 s
 * and retries a failing batch five times, so five minutes means it is stuck, not busy.
 */
export const ITERATOR_AGE_THRESHOLD = Duration.minutes(5);

export interface AlarmsProps {
  readonly environmentName: string;
  /** Who gets the alarms by e-mail (a subscription to confirm); none: subscribe to the topic yourself. */
  readonly alarmEmail?: string;
  /** Every dead-letter queue, by a name for the alarm ('mail', 'aggregates-stream'…). */
  readonly deadLetterQueues: Readonly<Record<string, sqs.IQueue>>;
  /** Every function, by its name ('auth', 'mail-worker'…). */
  readonly functions: Readonly<Record<string, lambda.IFunction>>;
  /** The functions reading the table's stream. */
  readonly streamConsumers: Readonly<Record<string, lambda.IFunction>>;
  readonly httpApi: apigwv2.HttpApi;
  readonly stage: apigwv2.IHttpStage;
}

/** One SNS topic per environment, and the alarms that publish to it (docs/operations.md, "Alarms"). */
export class Alarms extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: `Crop protection back office alarms (${props.environmentName})`,
      enforceSSL: true,
    });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);
    const period = Duration.minutes(5);

    const alarm = (
      alarmId: string,
      metric: cloudwatch.IMetric,
      threshold: number,
      description: string,
      comparisonOperator = cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    ) => {
      const created = new cloudwatch.Alarm(this, alarmId, {
        metric,
        threshold,
        comparisonOperator,
        evaluationPeriods: 1,
        // No data is no failure: a function not called, a queue empty.
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: `${description} (docs/operations.md, "Alarms")`,
      });
      created.addAlarmAction(notify);
      this.alarms.push(created);
    };

    for (const [name, queue] of Object.entries(props.deadLetterQueues)) {
      alarm(
        `${name}-dead-letters`,
        queue.metricApproximateNumberOfMessagesVisible({ period, statistic: cloudwatch.Stats.MAXIMUM }),
        0,
        `Messages are waiting in the ${name} dead-letter queue`,
      );
    }
    // One alarm per function for both (the stack is bounded at 500 resources); its description says which.
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(
        `${name}-errors-throttles`,
        new cloudwatch.MathExpression({
          expression: 'errors + throttles',
          usingMetrics: { errors: fn.metricErrors({ period }), throttles: fn.metricThrottles({ period }) },
          period,
          label: 'Errors and throttles',
        }),
        0,
        `The ${name} function failed or was throttled (its Errors and Throttles metrics say which)`,
      );
    }
    for (const [name, fn] of Object.entries(props.streamConsumers)) {
      alarm(
        `${name}-iterator-age`,
        fn.metric('IteratorAge', { period, statistic: cloudwatch.Stats.MAXIMUM }),
        ITERATOR_AGE_THRESHOLD.toMilliseconds(),
        `The ${name} worker is more than ${ITERATOR_AGE_THRESHOLD.toMinutes()} minutes behind the table's stream`,
      );
    }
    const dimensionsMap = { ApiId: props.httpApi.apiId, Stage: props.stage.stageName };
    const apiMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap,
        period,
        statistic: cloudwatch.Stats.SUM,
      });
    alarm(
      'api-5xx-rate',
      new cloudwatch.MathExpression({
        expression: 'IF(calls > 0, 100 * errors / calls, 0)',
        usingMetrics: { errors: apiMetric('5xx'), calls: apiMetric('Count') },
        period,
        label: 'Share of 5xx answers (%)',
      }),
      API_5XX_PERCENT_THRESHOLD,
      `More than ${API_5XX_PERCENT_THRESHOLD}% of the API's answers were 5xx`,
    );
  }
}
