/** A small deterministic generator of numbers in [0, 1), so that a failure can be replayed from its seed. */
export const seededRandom = (seed: number) => {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return { next, pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T };
};
