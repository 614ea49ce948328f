import type { ReactNode } from 'react';

/**
 * A card in Cloudscape's look (its container's), for the screens every visitor may open first: the
 * login page and the error page. Cloudscape's own container brings its error boundary and message
 * formatting (about 10 KB gzipped) to the login page's budget.
 */
export function Panel({ header, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <section className="panel">
      {header && <div className="panel__header">{header}</div>}
      <div className="panel__content">{children}</div>
    </section>
  );
}
