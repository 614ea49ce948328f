import { randomUUID } from 'node:crypto';
import type { DataFile, ExportedMember } from '@cpbo/schemas/data-files.ts';

/*
 * The benches' enabler, as an import file: one enabler with its config and `members` members, each
 * with its plots (covered from 1 January 2026 for 6 months) and contributions spread over them. The
 * import bench imports it; the benefit-run bench writes the items the import would.
 */

export interface BenchEnablerShape {
  members: number;
  plotsPerMember: number;
  contributionsPerMember: number;
  /** A member's other fields (its name, bank details…) over the defaults. */
  details?: (index: number) => Partial<ExportedMember>;
}

export const benchEnablerFile = ({
  members: count,
  plotsPerMember,
  contributionsPerMember,
  details = () => ({}),
}: BenchEnablerShape): DataFile => {
  const enablerId = randomUUID();
  const members: ExportedMember[] = [];
  for (let index = 0; index < count; index += 1) {
    const plots = Array.from({ length: plotsPerMember }, (_, p) => ({
      id: randomUUID(),
      name: `Plot ${p + 1}`,
      latitude: 14 + (index % 100) / 100,
      longitude: -16 - (index % 50) / 100,
      cropDescription: 'Millet',
      isIrrigated: null,
      droughtMonthlyContrib: 10 + (index % 7),
      excessRainMonthlyContrib: 0,
      startCoverageDate: '2026-01-01',
      endOfSeasonDate: '2026-05-01',
      endCoverageDate: '2026-07-01',
      enablerConfig: { version: 1, _id: 'bench-config' },
    }));
    members.push({
      id: randomUUID(),
      name: `Member ${index}`,
      village: `Village ${index % 97}`,
      number: `B-${String(index).padStart(6, '0')}`,
      federation: index % 3 ? 'Kaolack' : null,
      gender: index % 2 === 0,
      phone: null,
      bankName: null,
      bankBranchName: null,
      bankIFSC: null,
      bankAccount: null,
      onboardingDate: '2026-01-01',
      plots,
      contributions: Array.from({ length: contributionsPerMember }, (_, c) => ({
        id: randomUUID(),
        plotId: (plots[c % plotsPerMember] as (typeof plots)[number]).id,
        amount: 10 + (index % 7),
        protectionType: 'DROUGHT' as const,
        contributionDate: `2026-${String(1 + (c % 12)).padStart(2, '0')}-0${1 + (c % 9)}T10:00:00.000Z`,
      })),
      payouts: [],
      cashouts: [],
      ...details(index),
    });
  }
  return [
    {
      _id: enablerId,
      name: 'Bench enabler',
      creationDate: '2026-01-01T00:00:00.000Z',
      createdBy: 'bench@example.org',
      configs: [
        {
          _id: 'bench-config',
          version: 1,
          currency: 'XOF',
          // A Maximum of ten monthly contributions, as the demo's.
          maxCompensationFactor: 0.1,
          lengthOfSeasonInMonth: 4,
          lengthOfCoverageInMonth: 6,
          benefitFactorsByMonth: [0.5, 1],
          creationDate: '2026-01-01T00:00:00.000Z',
        },
      ],
      members,
    },
  ];
};
