import { useCallback, useEffect, useState } from 'react';
import { getPlot, type Plot } from '../../api/plots.ts';

export type PlotState = { status: 'loading' } | { status: 'loaded'; plot: Plot } | { status: 'failed' };

interface Outcome {
  key: string;
  state: PlotState;
}

/**
 * The plot of the address, and a way to show the plot as the server saved it. A failure is shown by
 * the error dialog; the page only says the plot is not there.
 */
export function usePlot(memberId: string, plotId: string): [PlotState, (plot: Plot) => void] {
  const key = `${memberId}/${plotId}`;
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  useEffect(() => {
    let current = true;
    getPlot(memberId, plotId).then(
      (plot) => current && setOutcome({ key, state: { status: 'loaded', plot } }),
      () => current && setOutcome({ key, state: { status: 'failed' } }),
    );
    return () => {
      current = false;
    };
  }, [key, memberId, plotId]);

  const show = useCallback((plot: Plot) => setOutcome({ key, state: { status: 'loaded', plot } }), [key]);
  return [outcome?.key === key ? outcome.state : { status: 'loading' }, show];
}
