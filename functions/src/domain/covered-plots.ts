import { coveredOn } from '@cpbo/schemas/benefit-rule.ts';
import {
  assessmentNoteColumns,
  type AssessmentFormat,
  type AssessmentRow,
} from '@cpbo/schemas/benefit-runs.ts';
import type { IsoDate } from '@cpbo/schemas/coverage-dates.ts';
import { csvText } from '#platform/csv.ts';
import type { PreviewMember, PreviewPlot } from './benefit-preview.ts';
import { squeeze } from './member-edits.ts';

/*
 * The covered plots as an assessment file to fill in (POST /admin/benefit-runs/covered-plots): each
 * plot covered on the assessment's date, of a federation or a village if asked (matched as an area row
 * matches them), with its member, village, federation and crop beside the assessment's columns, the
 * damage left blank. Filled in, it uploads as it is: the notes are set aside and a row left blank is
 * not assessed (domain/assessment-file.ts).
 */

export interface CoveredPlotRow {
  plotId: string;
  plotName: string;
  crop: string | null;
  memberName: string;
  memberNumber: string;
  memberVillage: string;
  memberFederation: string | null;
}

export interface CoveredPlotsAsked {
  assessmentId: string;
  assessmentDate: IsoDate;
  federation?: string;
  village?: string;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The plots covered on the day, of the area asked, by federation, village, member and plot name. */
export const coveredPlotRows = (
  plots: Iterable<PreviewPlot>,
  members: ReadonlyMap<string, PreviewMember>,
  asked: CoveredPlotsAsked,
): CoveredPlotRow[] => {
  const federation = asked.federation === undefined ? undefined : squeeze(asked.federation);
  const village = asked.village === undefined ? undefined : squeeze(asked.village);
  const rows: CoveredPlotRow[] = [];
  for (const plot of plots) {
    const member = members.get(plot.memberId);
    if (!member || !coveredOn(plot, asked.assessmentDate)) continue;
    if (federation !== undefined && squeeze(member.federation ?? '') !== federation) continue;
    if (village !== undefined && squeeze(member.village) !== village) continue;
    rows.push({
      plotId: plot.id,
      plotName: plot.name,
      crop: plot.cropDescription ?? null,
      memberName: member.name,
      memberNumber: member.number,
      memberVillage: member.village,
      memberFederation: member.federation,
    });
  }
  const order = (row: CoveredPlotRow) => [
    row.memberFederation ?? '',
    row.memberVillage,
    row.memberName,
    row.memberNumber,
    row.plotName,
    row.plotId,
  ];
  return rows.sort((a, b) => {
    const [left, right] = [order(a), order(b)];
    for (let index = 0; index < left.length; index += 1) {
      const compared = collator.compare(left[index] as string, right[index] as string);
      if (compared !== 0) return compared;
    }
    return 0;
  });
};

/** The columns of the CSV list: the assessment's first, then the notes, the plot and its damage last. */
export const coveredPlotsColumns = [
  'assessmentId',
  'assessmentDate',
  ...assessmentNoteColumns,
  'plotId',
  'damageIndex',
] as const;

const notesOf = (row: CoveredPlotRow): Record<(typeof assessmentNoteColumns)[number], string | null> => ({
  memberFederation: row.memberFederation,
  memberVillage: row.memberVillage,
  memberName: row.memberName,
  memberNumber: row.memberNumber,
  plotName: row.plotName,
  crop: row.crop,
});

/** The list as a file of the format asked: CSV (formula-safe cells) or JSON (damageIndex null). */
export const coveredPlotsFile = (
  rows: readonly CoveredPlotRow[],
  asked: CoveredPlotsAsked,
  format: AssessmentFormat,
): string => {
  if (format === 'csv')
    return csvText(
      coveredPlotsColumns,
      rows.map((row) => {
        const notes = notesOf(row);
        return [
          asked.assessmentId,
          asked.assessmentDate,
          ...assessmentNoteColumns.map((column) => notes[column]),
          row.plotId,
          null,
        ];
      }),
    );
  const fileRows: AssessmentRow[] = rows.map((row) => ({
    ...Object.fromEntries(Object.entries(notesOf(row)).filter(([, value]) => value !== null)),
    plotId: row.plotId,
    damageIndex: null,
  }));
  return `${JSON.stringify(
    { assessmentId: asked.assessmentId, assessmentDate: asked.assessmentDate, rows: fileRows },
    null,
    2,
  )}\n`;
};
