const memberPath = (memberId: string) => `/Member/${encodeURIComponent(memberId)}`;

/** The plot screens of spec section 2 (built with the plot issue). */
export const newPlotHref = (memberId: string) => `${memberPath(memberId)}/Field`;

export const plotHref = (memberId: string, plotId: string) =>
  `${memberPath(memberId)}/Field/${encodeURIComponent(plotId)}`;
