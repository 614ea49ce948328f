import { useEffect, useState } from 'react';
import { getPlotOwner, type PlotOwner } from '../../api/plots.ts';

/** The member the new plot is for, for the breadcrumbs and the header; undefined until known. */
export function usePlotOwner(memberId: string): PlotOwner | undefined {
  const [owner, setOwner] = useState<PlotOwner | undefined>();
  useEffect(() => {
    let current = true;
    getPlotOwner(memberId, { errors: 'caller' }).then(
      (found) => current && setOwner(found),
      // Only the names are missing: an unknown member is reported by the save.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [memberId]);
  return owner?.id === memberId ? owner : undefined;
}
