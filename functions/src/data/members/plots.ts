import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CoverageDates } from '@cpbo/schemas/coverage-dates.ts';
import { auditedFields } from '@cpbo/schemas/activity.ts';
import { changedFields, stateOf } from '#domain/audit-changes.ts';
import { dynamo } from '#platform/aws-clients.ts';
import { missingOrOther } from '../enablers/admin-scope.ts';
import { auditItem, stillHolds, type Actor, type AuditState } from '../logs/audit.ts';
import { configSortKey, enablerPartition } from '../enablers/enablers.ts';
import type { Member } from './member-items.ts';
import { changeKey, MEMBER_PROFILE, memberPartition, plotSortKey, touchMember } from './member-keys.ts';
import { plotItem, toPlot, type NewPlot, type Plot } from './plot-items.ts';
import { recordIdClaimPut } from '../money/record-id-claims.ts';
import { recordTombstoneItem } from '../lists/record-timeline.ts';
import { inEnabler, nowIso, tableName, transact, unlessOtherEnabler } from '../table/table.ts';
import type { WriteOptions } from '../table/transaction-items.ts';

/* A member's plots: read, added, edited (by an agent or an administrator) and deleted. */

/** The member's plots alone (a contribution needs them, not the whole page). */
export const getPlots = async (memberId: string): Promise<Plot[]> => {
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :plots)',
      ExpressionAttributeValues: { ':pk': memberPartition(memberId), ':plots': plotSortKey('') },
      ConsistentRead: true,
    }),
  );
  return Items.map(toPlot);
};

/** The condition that the plot's stored fields hold as read (its config version is a field of its config's). */
const plotHeld = ({ configVersion: _version, ...stored }: AuditState) => stillHolds(stored);

const plotState = (
  plot: PlotChanges & Partial<CoverageDates> & { enablerConfig?: { version: number } | null },
): AuditState => stateOf({ ...plot, configVersion: plot.enablerConfig?.version ?? null }, auditedFields.plot);

/** The audit entry of a plot's change by a person. */
const plotAudit = (
  plot: Pick<Plot, 'id' | 'memberId' | 'enablerId'>,
  label: string,
  change: { action: 'CREATE' | 'UPDATE' | 'DELETE'; before: AuditState | null; after: AuditState | null },
  actor: Actor,
  at: string,
) =>
  auditItem({
    enablerId: plot.enablerId,
    recordType: 'PLOT',
    recordId: plot.id,
    memberId: plot.memberId,
    label,
    ...change,
    by: actor,
    at,
  });

/**
 * Adds a plot and counts it on the member, in one transaction, with its audit entry when a person
 * adds it (not the demo's or a bench's data).
 */
export const createPlot = async (
  plot: NewPlot,
  { now = new Date(), receipt, actor }: WriteOptions<Plot> & { actor?: Actor } = {},
): Promise<Plot> => {
  const id = randomUUID();
  const at = nowIso(now);
  const item = plotItem(plot, id, at);
  const record = toPlot(item);
  const touch = touchMember(plot.memberId, at);
  const enabler = inEnabler(plot.enablerId);
  await transact(
    [
      { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: MEMBER_PROFILE },
          UpdateExpression: `ADD plotCount :one SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeValues: { ':one': 1, ...enabler.values, ...touch.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      recordIdClaimPut(item),
      ...(actor
        ? [
            plotAudit(
              record,
              record.name,
              { action: 'CREATE', before: null, after: plotState(record) },
              actor,
              at,
            ),
          ]
        : []),
    ],
    ['ERR_CONFLICT', unlessOtherEnabler(plot.enablerId, 'ERR_NOT_FOUND'), 'ERR_CONFLICT', 'ERR_CONFLICT'],
    receipt?.(record),
  );
  return record;
};

export type PlotChanges = Pick<
  Plot,
  | 'name'
  | 'latitude'
  | 'longitude'
  | 'droughtMonthlyContribCents'
  | 'excessRainMonthlyContribCents'
  | 'cropDescription'
  | 'isIrrigated'
>;

/** The SET clause of a plot's details (PlotChanges), shared by the agent's and the administrator's edits. */
const plotDetailsUpdate = (changes: PlotChanges) => ({
  clause:
    '#name = :name, latitude = :latitude, longitude = :longitude, droughtMonthlyContribCents = :drought, ' +
    'excessRainMonthlyContribCents = :excessRain, cropDescription = :crop, isIrrigated = :irrigated',
  names: { '#name': 'name' },
  values: {
    ':name': changes.name,
    ':latitude': changes.latitude,
    ':longitude': changes.longitude,
    ':drought': changes.droughtMonthlyContribCents,
    ':excessRain': changes.excessRainMonthlyContribCents,
    ':crop': changes.cropDescription,
    ':irrigated': changes.isIrrigated,
  },
});

/**
 * Changes a plot's details and protection (a field agent's edit); its coverage dates and config version
 * stay as created. Its audit entry holds the fields that changed; the plot is conditioned on the fields
 * as read (ERR_CONFLICT when changed meanwhile), so that entry's `before` is exact.
 */
export const updatePlot = async (
  member: Pick<Member, 'id' | 'enablerId'>,
  current: Plot,
  changes: PlotChanges,
  actor: Actor,
  now = new Date(),
): Promise<void> => {
  const plotId = current.id;
  const at = nowIso(now);
  const touch = touchMember(member.id, at);
  const enabler = inEnabler(member.enablerId);
  const details = plotDetailsUpdate(changes);
  const read = plotState(current);
  const held = plotHeld(read);
  const changed = changedFields(read, plotState({ ...current, ...changes }));
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: plotSortKey(plotId) },
          UpdateExpression: `SET ${details.clause}, updatedAt = :at, gsi1sk = :changeKey`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition} AND ${held.condition}`,
          ExpressionAttributeNames: { ...details.names, ...held.names },
          ExpressionAttributeValues: {
            ...details.values,
            ':at': at,
            ':changeKey': changeKey(at, plotId),
            ...enabler.values,
            ...held.values,
          },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(member.id), sk: MEMBER_PROFILE },
          UpdateExpression: `SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeValues: { ...touch.values, ...enabler.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      ...(changed ? [plotAudit(current, changes.name, { action: 'UPDATE', ...changed }, actor, at)] : []),
    ],
    [
      // Gone, another enabler's, or changed since it was read.
      (item) =>
        item === undefined
          ? 'ERR_NOT_FOUND'
          : item.enablerId?.S === member.enablerId
            ? 'ERR_CONFLICT'
            : 'ERR_FORBIDDEN_USER',
      unlessOtherEnabler(member.enablerId, 'ERR_NOT_FOUND'),
      'ERR_CONFLICT',
    ],
  );
};

export type AdminPlotChanges = PlotChanges &
  CoverageDates & { enablerConfig: { version: number; _id: string } };

/**
 * An administrator's edit of a plot: every field, its coverage dates and the config version it is under, which must exist in the enabler
 * (ERR_INVALID_DATA_FORMAT otherwise, checked in the same transaction), with the audit entry of the
 * fields that changed; the plot is conditioned on the fields as read (ERR_CONFLICT when changed meanwhile).
 */
export const adminUpdatePlot = async (
  plot: Plot,
  changes: AdminPlotChanges,
  actor: Actor,
  now = new Date(),
): Promise<Plot> => {
  const at = nowIso(now);
  const touch = touchMember(plot.memberId, at);
  const enabler = inEnabler(plot.enablerId);
  const details = plotDetailsUpdate(changes);
  const read = plotState(plot);
  const held = plotHeld(read);
  const changed = changedFields(read, plotState({ ...plot, ...changes }));
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: plotSortKey(plot.id) },
          UpdateExpression:
            `SET ${details.clause}, startCoverageDate = :start, endOfSeasonDate = :endOfSeason, ` +
            'endCoverageDate = :endCoverage, enablerConfig = :config, gsi1sk = :listKey, updatedAt = :at',
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition} AND ${held.condition}`,
          ExpressionAttributeNames: { ...details.names, ...held.names },
          ExpressionAttributeValues: {
            ...details.values,
            ':start': changes.startCoverageDate,
            ':endOfSeason': changes.endOfSeasonDate,
            ':endCoverage': changes.endCoverageDate,
            ':config': changes.enablerConfig,
            ':listKey': changeKey(at, plot.id),
            ':at': at,
            ...enabler.values,
            ...held.values,
          },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: { pk: enablerPartition(plot.enablerId), sk: configSortKey(changes.enablerConfig.version) },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: MEMBER_PROFILE },
          UpdateExpression: `SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition}`,
          ExpressionAttributeValues: { ...touch.values, ...enabler.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      ...(changed ? [plotAudit(plot, changes.name, { action: 'UPDATE', ...changed }, actor, at)] : []),
    ],
    [
      missingOrOther(plot.enablerId, 'ERR_CONFLICT'),
      'ERR_INVALID_DATA_FORMAT',
      missingOrOther(plot.enablerId, 'ERR_CONFLICT'),
      'ERR_CONFLICT',
    ],
  );
  return { ...plot, ...changes, updatedAt: at };
};

/**
 * Deletes a plot and uncounts it on its member, in one transaction, unless contributions or payouts
 * were recorded on it (contributionCount, payoutCount: ERR_PLOT_HAS_RECORDS). The counts are a
 * condition of the delete itself, so a record written at the same moment cannot slip in between. Its
 * tombstone tells the plot list (data/lists/record-timeline.ts).
 */
export const deletePlot = async (plot: Plot, actor: Actor, now = new Date()): Promise<void> => {
  const at = nowIso(now);
  const touch = touchMember(plot.memberId, at);
  const enabler = inEnabler(plot.enablerId);
  await transact(
    [
      {
        Delete: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: plotSortKey(plot.id) },
          ConditionExpression:
            `attribute_exists(pk) AND ${enabler.condition} AND ` +
            '(attribute_not_exists(contributionCount) OR contributionCount <= :zero) AND ' +
            '(attribute_not_exists(payoutCount) OR payoutCount <= :zero)',
          ExpressionAttributeValues: { ':zero': 0, ...enabler.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: { pk: memberPartition(plot.memberId), sk: MEMBER_PROFILE },
          UpdateExpression: `ADD plotCount :minusOne SET ${touch.clause}`,
          ConditionExpression: `attribute_exists(pk) AND ${enabler.condition} AND plotCount > :zero`,
          ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ...enabler.values, ...touch.values },
          ReturnValuesOnConditionCheckFailure: enabler.ReturnValuesOnConditionCheckFailure,
        },
      },
      { Put: { TableName: tableName(), Item: recordTombstoneItem('PLOT', plot.enablerId, plot.id, at) } },
      plotAudit(plot, plot.name, { action: 'DELETE', before: plotState(plot), after: null }, actor, at),
    ],
    [
      missingOrOther(plot.enablerId, 'ERR_PLOT_HAS_RECORDS'),
      missingOrOther(plot.enablerId, 'ERR_CONFLICT'),
      'ERR_CONFLICT',
      'ERR_CONFLICT',
    ],
  );
};
