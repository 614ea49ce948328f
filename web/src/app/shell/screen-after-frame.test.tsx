import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { ScreenAfterFrame } from './screen-after-frame.tsx';

describe('screen after frame', () => {
  it('should commit what waits with the frame first, and the screen in a commit of its own', async () => {
    const onPageWithWaiting: (string | null)[] = [];
    function Waiting() {
      // What the page holds when the waiting content is committed: the screen is not there yet.
      useLayoutEffect(() => {
        onPageWithWaiting.push(document.querySelector('[data-screen]')?.textContent ?? null);
      }, []);
      return <p>Outline</p>;
    }
    render(
      <ScreenAfterFrame waiting={<Waiting />}>
        <p data-screen>Screen</p>
      </ScreenAfterFrame>,
    );

    expect(await screen.findByText('Screen')).toBeTruthy();
    expect(onPageWithWaiting).toEqual([null]);
    expect(screen.queryByText('Outline')).toBeNull();
  });
});
