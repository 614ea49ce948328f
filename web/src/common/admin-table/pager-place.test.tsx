import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagerPlace } from './pager-place.tsx';

/** A table with a pager in its header and one under its rows, as Cloudscape draws a full-page table on a phone. */
const PhoneTable = ({ rowsCame }: { rowsCame: boolean }) => (
  <div>
    <PagerPlace rowsCame={rowsCame}>
      <span>upper pager</span>
    </PagerPlace>
    <table>
      <tbody>
        <tr>
          <td>{rowsCame ? 'a row' : 'loading'}</td>
        </tr>
      </tbody>
    </table>
    <PagerPlace rowsCame={rowsCame}>
      <span>lower pager</span>
    </PagerPlace>
  </div>
);

describe('PagerPlace', () => {
  it('should draw the pager above the rows at once, and the one under them only once the rows came', async () => {
    const { rerender } = render(<PhoneTable rowsCame={false} />);
    expect(screen.getByText('upper pager')).toBeTruthy();
    expect(screen.queryByText('lower pager')).toBeNull();
    // Still not while the rows are not there, however long it waits.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('lower pager')).toBeNull();

    rerender(<PhoneTable rowsCame />);
    // Not in the frame that draws the rows: in one after it.
    expect(screen.queryByText('lower pager')).toBeNull();
    await waitFor(() => expect(screen.getByText('lower pager')).toBeTruthy());
    expect(screen.getByText('upper pager')).toBeTruthy();
  });

  it('should draw a pager with no table around it (a wide screen draws the header one only) as it is', () => {
    render(
      <PagerPlace rowsCame={false}>
        <span>pager</span>
      </PagerPlace>,
    );
    expect(screen.getByText('pager')).toBeTruthy();
    expect(screen.getByText('pager').parentElement?.className).toBe('pager-place');
  });
});
