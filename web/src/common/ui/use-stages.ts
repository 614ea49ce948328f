import { startTransition, useEffect, useState } from 'react';

/**
 * The parts of a screen shown so far, from 1 to `stages`: each next part comes after the previous one was
 * drawn, in a task and a transition of its own, so that a long screen's first draw is several short tasks
 * a phone can answer between (issue 38: total blocking time), not one long one.
 */
export function useStages(stages: number): number {
  const [stage, setStage] = useState(1);
  useEffect(() => {
    if (stage >= stages) return;
    const next = setTimeout(() => startTransition(() => setStage((current) => current + 1)), 0);
    return () => clearTimeout(next);
  }, [stage, stages]);
  return stage;
}
