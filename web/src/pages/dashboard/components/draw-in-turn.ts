/*
 * Charts drawn one per task: the dashboard's four charts, whose answers often come together, are then four
 * short tasks a phone can answer between, not one long one (issue 42: total blocking time).
 */

const waiting: (() => void)[] = [];

const drawNext = () => {
  waiting.shift()?.();
  if (waiting.length > 0) setTimeout(drawNext, 0);
};

/** Draws in a task of its own, after the draws asked for before it; gives what cancels it if not drawn yet. */
export function drawInTurn(draw: () => void): () => void {
  waiting.push(draw);
  if (waiting.length === 1) setTimeout(drawNext, 0);
  return () => {
    const index = waiting.indexOf(draw);
    if (index >= 0) waiting.splice(index, 1);
  };
}
