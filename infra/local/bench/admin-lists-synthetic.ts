import { randomUUID } from 'node:crypto';

/*
 * The synthetic enabler of `npm run bench:admin-lists` past the sizes DynamoDB Local can be seeded with
 * in a bench's time: its members' and plots' names and its contributions as the lists worker reads
 * them from the table (items of the contributions' change timeline, with the attributes it projects,
 * page by page), made in memory and handed to the list's builder as the worker hands what it reads.
 */

/** The members and plots of the synthetic enabler (a large partner: 100 000 members, two plots each). */
export const SYNTHETIC_MEMBERS = 100_000;
export const SYNTHETIC_PLOTS = 200_000;
/** Items per page of the timeline (a 1 MB Query page holds about this many projected contributions). */
const PAGE_ITEMS = 3000;
const YEAR_MS = 365 * 86_400_000;

const numbered = (prefix: string, index: number) =>
  `${prefix}-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** A member's id, known to the bench for its filters. */
export const syntheticMemberId = (index: number): string => numbered('00000000', index);
const plotId = (index: number) => numbered('11111111', index);

const firstNames = ['Awa', 'Moussa', 'Fatou', 'Ibrahima', 'Aïssatou', 'Mamadou', 'Khady', 'Ousmane', 'Ndèye'];
const lastNames = ['Diop', 'Ndiaye', 'Sarr', 'Fall', 'Ba', 'Sène', 'Faye', 'Gueye', 'Diouf', 'Cissé'];
const agents = ['ada@example.org', 'bob@example.org', 'chloe@example.org', 'demba@example.org'];

/** The members' and plots' names, as their timelines' items (projected as the list reads them). */
export const syntheticNameItems = (now: number) => ({
  members: Array.from({ length: SYNTHETIC_MEMBERS }, (_, index) => ({
    entityType: 'MEMBER',
    id: syntheticMemberId(index),
    name: `${firstNames[index % firstNames.length]} ${lastNames[Math.floor(index / 9) % lastNames.length]} ${index}`,
    number: `M-${index}`,
    updatedAt: new Date(now - YEAR_MS + ((index * 7919) % YEAR_MS)).toISOString(),
  })),
  plots: Array.from({ length: SYNTHETIC_PLOTS }, (_, index) => ({
    entityType: 'PLOT',
    id: plotId(index),
    name: `Field ${index % 13}`,
    updatedAt: new Date(now - YEAR_MS + ((index * 104_729) % YEAR_MS)).toISOString(),
  })),
});

/** The amount of the synthetic contribution `index`, in cents (the bench checks the list's total). */
export const syntheticAmountCents = (index: number): number => 100 + ((index * 37) % 5000);

/** The total of the first `count` synthetic contributions, in cents. */
export const syntheticTotalCents = (count: number): number => {
  let total = 0;
  for (let index = 0; index < count; index += 1) total += syntheticAmountCents(index);
  return total;
};

/**
 * `count` contributions as their timeline's items, page by page, each page parsed from its JSON as a
 * Query's answer is (flat strings, fresh for each item): over three years, changed over the past year,
 * a tenth excess rain.
 */
export function* syntheticContributionPages(
  count: number,
  enablerId: string,
  now: number,
): Generator<Record<string, unknown>[]> {
  for (let first = 0; first < count; first += PAGE_ITEMS) {
    const page: Record<string, unknown>[] = [];
    for (let index = first; index < Math.min(count, first + PAGE_ITEMS); index += 1) {
      const plot = (index * 7) % SYNTHETIC_PLOTS;
      const date = `${new Date(now - (index % 1095) * 86_400_000).toISOString().slice(0, 10)}T10:00:00.000Z`;
      page.push({
        entityType: 'CONTRIBUTION',
        id: randomUUID(),
        enablerId,
        memberId: syntheticMemberId(plot % SYNTHETIC_MEMBERS),
        amountCents: syntheticAmountCents(index),
        createdAt: new Date(now - YEAR_MS + ((index * 7919) % YEAR_MS)).toISOString(),
        createdBy: agents[index % agents.length],
        plotId: plotId(plot),
        plotName: `Field ${plot % 13}`,
        protectionType: index % 10 ? 'DROUGHT' : 'EXCESS_RAIN',
        contributionDate: date,
      });
    }
    yield JSON.parse(JSON.stringify(page)) as Record<string, unknown>[];
  }
}
