import { RedocStandalone } from 'redoc';
import type { OpenApiDocument } from '../../api/openapi.ts';

/*
 * Redoc's options for a back office without internet: no search (its index runs in a worker made from a
 * blob: URL, which the Content-Security-Policy's script-src 'self' refuses), the fonts of the page
 * (Redoc names fonts but never loads them), and native scroll bars inside the application's layout.
 */
const options = {
  disableSearch: true,
  nativeScrollbars: true,
  hideDownloadButton: false,
  expandResponses: '200,201,202,204',
  jsonSampleExpandLevel: 3,
  theme: {
    typography: {
      fontFamily: 'inherit',
      headings: { fontFamily: 'inherit' },
      code: { fontFamily: 'Monaco, Menlo, Consolas, "Courier New", monospace' },
    },
    sidebar: { width: '260px' },
    rightPanel: { width: '40%' },
  },
};

/** The OpenAPI document rendered by Redoc: its own chunk, fetched only by the API reference page. */
export default function RedocView({ document }: { document: OpenApiDocument }) {
  return <RedocStandalone spec={document} options={options} />;
}
