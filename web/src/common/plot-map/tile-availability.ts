import { useCallback, useEffect, useState } from 'react';

/** Resolves true when the image at the address loads; never rejects. */
export type TileProbe = (url: string) => Promise<boolean>;

// A tile service that does not answer within this time is treated as out of reach.
const PROBE_TIMEOUT_MS = 15_000;

/**
 * Loads one tile before the map asks for a screenful: without a connection that makes one failed
 * request (one console line) instead of one per tile, and the map never waits for it.
 */
export const loadTileImage: TileProbe = (url) =>
  new Promise((resolve) => {
    if (navigator.onLine === false) {
      resolve(false);
      return;
    }
    const image = new Image();
    const timer = setTimeout(() => settle(false), PROBE_TIMEOUT_MS);
    const settle = (loaded: boolean) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(loaded);
    };
    image.onload = () => settle(true);
    image.onerror = () => settle(false);
    image.src = url;
  });

export type TileAvailability = 'checking' | 'available' | 'unavailable';

interface Outcome {
  key: string;
  availability: Exclude<TileAvailability, 'checking'>;
}

/**
 * Whether a tile service answers, probed with the tile at `probeUrl`; `markUnavailable` records a
 * failure seen later (the map's own tiles), `retry` probes again.
 */
export function useTileAvailability(probeUrl: string, probe: TileProbe) {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const key = `${attempt} ${probeUrl}`;

  useEffect(() => {
    let current = true;
    void probe(probeUrl).then((loaded) => {
      if (current) setOutcome({ key, availability: loaded ? 'available' : 'unavailable' });
    });
    return () => {
      current = false;
    };
  }, [key, probeUrl, probe]);

  const markUnavailable = useCallback(() => setOutcome({ key, availability: 'unavailable' }), [key]);
  const retry = useCallback(() => setAttempt((previous) => previous + 1), []);
  const availability: TileAvailability = outcome?.key === key ? outcome.availability : 'checking';
  return { availability, markUnavailable, retry };
}
