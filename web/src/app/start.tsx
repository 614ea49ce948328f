import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

/** Renders the app: the code that main.tsx fetches once it has started the page's other fetches. */
export function start(root: HTMLElement): void {
  const reactRoot = createRoot(root);
  // A first render outside a transition is synchronous: the outline's frame in one task of 50–100 ms on a
  // phone. As a transition React renders it in slices and only its commit is one task.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
