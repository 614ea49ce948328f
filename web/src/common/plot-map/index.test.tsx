import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18next from '../../i18n/index.ts';
import { baseLayers, tileUrlAt } from './base-layers.ts';
import { DEFAULT_ZOOM, MAX_ZOOM, PlotMap, type TileProbe } from './index.tsx';

const northField = { latitude: 12.345678, longitude: -1.5, name: 'North field' };

/** A probe the test answers when it wants; jsdom itself loads no images. */
const probeAnswering = (loaded: boolean) => vi.fn<TileProbe>(() => Promise.resolve(loaded));

const tiles = () => Array.from(document.querySelectorAll<HTMLImageElement>('img.leaflet-tile'));
const marker = () => screen.getByRole('button', { name: 'Position of the plot North field' });
const zoomIn = () => document.querySelector<HTMLElement>('.leaflet-control-zoom-in') as HTMLElement;

// jsdom lays nothing out: give the map a size, so that Leaflet asks for a screenful of tiles.
const withMapSize = () => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(360);
};

describe('plot map', () => {
  it('should show the marker and the coordinates when the tile service cannot be reached', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const probe = probeAnswering(false);
    render(<PlotMap {...northField} probeTile={probe} />);

    expect(
      await screen.findByText('Map images unavailable: the map service cannot be reached.'),
    ).toBeTruthy();
    expect(screen.getByText('Latitude 12.345678, longitude -1.5')).toBeTruthy();
    expect(marker().getAttribute('alt')).toBe('Position of the plot North field');
    expect(screen.getByRole('region', { name: 'Map of the plot North field' })).toBeTruthy();
    // One probe, of the street tile under the plot at the default zoom; no tile layer after it.
    expect(probe.mock.calls).toEqual([[tileUrlAt(baseLayers.street, 12.345678, -1.5, DEFAULT_ZOOM)]]);
    expect(probe.mock.calls[0]?.[0]).toMatch(/^https:\/\/tile\.openstreetmap\.org\/8\/\d+\/\d+\.png$/);
    expect(tiles()).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('should write the coordinates the French way', async () => {
    await i18next.changeLanguage('fr');
    render(<PlotMap {...northField} probeTile={probeAnswering(false)} />);
    expect(await screen.findByText('Latitude 12,345678 ; longitude -1,5')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Position de la parcelle North field' })).toBeTruthy();
    expect(zoomIn().title).toBe('Zoom avant');
  });

  it('should load the tiles once the probe answered, and drop them quietly when they all fail', async () => {
    withMapSize();
    const consoleError = vi.spyOn(console, 'error');
    render(<PlotMap {...northField} probeTile={probeAnswering(true)} />);

    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));
    expect(tiles()[0]?.src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/8\//);
    expect(screen.queryByText(/Map images unavailable/)).toBeNull();

    act(() => {
      for (const tile of tiles()) fireEvent.error(tile);
    });

    expect(
      await screen.findByText('Map images unavailable: the map service cannot be reached.'),
    ).toBeTruthy();
    expect(tiles()).toEqual([]);
    expect(marker()).toBeTruthy();
    expect(screen.getByText('Latitude 12.345678, longitude -1.5')).toBeTruthy();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('should keep the tiles when one fails after others loaded', async () => {
    withMapSize();
    render(<PlotMap {...northField} probeTile={probeAnswering(true)} />);
    await waitFor(() => expect(tiles().length).toBeGreaterThan(1));
    const [first, second] = tiles() as [HTMLImageElement, HTMLImageElement];

    act(() => {
      fireEvent.load(first);
      fireEvent.error(second);
    });

    expect(tiles().length).toBeGreaterThan(0);
    expect(screen.queryByText(/Map images unavailable/)).toBeNull();
  });

  it('should switch to the ground view, satellite imagery', async () => {
    withMapSize();
    const probe = probeAnswering(true);
    render(<PlotMap {...northField} probeTile={probe} />);
    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));

    await userEvent.click(screen.getByRole('button', { name: 'Ground' }));

    expect(probe).toHaveBeenLastCalledWith(tileUrlAt(baseLayers.ground, 12.345678, -1.5, DEFAULT_ZOOM));
    await waitFor(() => expect(tiles()[0]?.src).toMatch(/World_Imagery\/MapServer\/tile\/8\//));
    expect(tiles().every((tile) => !tile.src.includes('openstreetmap'))).toBe(true);
  });

  it('should probe again on retry', async () => {
    const probe = probeAnswering(false);
    render(<PlotMap {...northField} probeTile={probe} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(probe).toHaveBeenCalledTimes(2));
  });

  it('should open at zoom 8 and zoom in no further than 15', async () => {
    render(<PlotMap {...northField} probeTile={probeAnswering(false)} />);
    await screen.findByText(/Map images unavailable/);
    expect(DEFAULT_ZOOM).toBe(8);
    expect(MAX_ZOOM).toBe(15);

    for (let zoom = DEFAULT_ZOOM; zoom < MAX_ZOOM; zoom += 1) {
      expect(zoomIn().classList.contains('leaflet-disabled'), `at zoom ${zoom}`).toBe(false);
      await userEvent.click(zoomIn());
    }
    expect(zoomIn().classList.contains('leaflet-disabled')).toBe(true);
  });
});
