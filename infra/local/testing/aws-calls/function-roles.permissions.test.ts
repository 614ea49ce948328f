import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANSWERED_CODES_DIR_VARIABLE, runMarker } from '@cpbo/functions/http/openapi/answered-codes.ts';
import { CropProtectionStack } from '../../../lib/crop-protection-stack.ts';
import { PLACEHOLDER_ENVIRONMENT } from '../../../lib/deployment-target.ts';
import { stackProps, templateApp } from '../../../lib/testing/stacks-under-test.ts';
import type { TemplateResources } from '../../../lib/testing/template-values.ts';
import { awsCallsDirectory, readAwsCalls } from './recorder.ts';
import {
  checkCalls,
  deployedStack,
  rightsOf,
  rightText,
  stackReasonFor,
  type CallsChecked,
  type Right,
} from './role-check.ts';

/*
 * Every AWS call the functions made in this run's integration and end-to-end tests (recorder.ts),
 * evaluated against the function's role in the stack as `npm run synth` builds it for the placeholder
 * account: each must be allowed. Once the whole suite ran, each right of each role must have allowed
 * some call, or be needed by the stack itself (the function's logs, its event source), or be listed
 * below with the reason no test uses it: an unused right is excess privilege.
 */

/** Rights that no test's call uses, each with why it stays. */
const rightsUnusedByTests: readonly { function: string; action: string; reason: string }[] = [
  ...['admin-enablers', 'snapshot-schedule-worker', 'export-worker'].map((name) => ({
    function: name,
    action: 'dynamodb:BatchGetItem',
    reason:
      "listEnablers reads by key the latest config of an enabler whose profile predates the config's summary on it (data/enablers/enablers.ts, latestConfigsOf); every enabler the tests write has its summary",
  })),
  {
    function: 'export-worker',
    action: 's3:AbortMultipartUpload',
    reason:
      'an export that fails once its file passed one 8 MiB part aborts the upload (platform/s3.ts, s3ObjectWriter); no test exports that much',
  },
  {
    function: 'lists-worker',
    action: 's3:AbortMultipartUpload',
    reason:
      'a snapshot whose writing fails once it passed one 8 MiB part aborts the upload (platform/s3.ts, s3ObjectWriter); no snapshot the worker writes in the tests is that large',
  },
  {
    function: 'benefit-run-worker',
    action: 'sqs:SendMessage',
    reason:
      "a step that runs short of its Lambda's time queues the next one (job-runner/stepped-job.ts); no test's run is that long",
  },
];

const resources = Template.fromStack(
  new CropProtectionStack(
    templateApp(),
    'CropProtection-demo',
    stackProps({ environmentName: 'demo', env: PLACEHOLDER_ENVIRONMENT }),
  ),
).toJSON().Resources as TemplateResources;
const stack = deployedStack(resources, PLACEHOLDER_ENVIRONMENT);
const rights = [...stack.functions.values()].flatMap(rightsOf);

const run = process.env[ANSWERED_CODES_DIR_VARIABLE];
const whole = (run && runMarker(run)?.whole) === true;
const directory = awsCallsDirectory();
const { records, calls } = directory ? readAwsCalls(directory) : { records: [], calls: 0 };

const listedReason = (right: Right) =>
  rightsUnusedByTests.find((listed) => listed.function === right.function && listed.action === right.action)
    ?.reason;

describe("the functions' roles, against the calls the tests made", () => {
  let checked: CallsChecked;
  beforeAll(async () => {
    const startedAt = Date.now();
    checked = await checkCalls(stack, records);
    const pairs = new Set(records.map((record) => `${record.function} ${record.action}`));
    const byStack = rights.filter((right) => stackReasonFor(stack, right));
    console.log(
      `[permissions] ${calls} calls recorded, ${records.length} distinct requests, ${pairs.size} (function, action) pairs, ` +
        `checked in ${Date.now() - startedAt} ms; ${rights.length} rights: ${checked.used.size} used by calls, ` +
        `${byStack.length} needed by the stack, ${rights.filter(listedReason).length} listed unused`,
    );
  });

  it('allow every call', () => {
    expect(checked.refused, 'calls their role refuses: add the right in function-permissions.ts').toEqual([]);
  });

  it('list as unused only rights that the roles grant', () => {
    const stale = rightsUnusedByTests.filter(
      (listed) =>
        !rights.some((right) => right.function === listed.function && right.action === listed.action),
    );
    expect(stale).toEqual([]);
  });

  describe.runIf(whole)('once the whole suite ran', () => {
    it('grant only rights that some call used, that the stack needs or that are listed with their reason', () => {
      const unused = rights
        .filter(
          (right) =>
            !checked.used.has(rightText(right)) && !stackReasonFor(stack, right) && !listedReason(right),
        )
        .map(rightText);
      expect(
        unused,
        'rights no call used are excess privilege: remove them from function-permissions.ts',
      ).toEqual([]);
    });

    it('list as unused only rights that no call used', () => {
      const usedAfterAll = rights
        .filter((right) => listedReason(right) && checked.used.has(rightText(right)))
        .map(rightText);
      expect(usedAfterAll, 'a test uses them now: take them off the list').toEqual([]);
    });
  });
});
