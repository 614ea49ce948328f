/** Where the phone is, as its browser says: decimal degrees and the accuracy radius in metres. */
export interface DevicePosition {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** Why no position came: refused by the agent, not found by the phone, too slow, or no such service. */
export type PositionProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

export class PositionError extends Error {
  constructor(readonly problem: PositionProblem) {
    super(`No position: ${problem}`);
    this.name = 'PositionError';
  }
}

// A phone's satellite fix outdoors can take a while; past this the agent is told and may type instead.
const POSITION_TIMEOUT_MS = 30_000;

/** Six decimals: about ten centimetres, finer than any phone's reading (and what the map shows). */
export const roundDegrees = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * The phone's position now (its best reading: a fresh one, high accuracy), for placing a plot where the
 * agent stands. Rejects with a PositionError.
 */
export function devicePosition(
  geolocation: Geolocation | undefined = navigator.geolocation,
): Promise<DevicePosition> {
  return new Promise((resolve, reject) => {
    if (!geolocation) {
      reject(new PositionError('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitude: roundDegrees(coords.latitude),
          longitude: roundDegrees(coords.longitude),
          accuracy: Math.round(coords.accuracy),
        }),
      (error) =>
        reject(
          new PositionError(
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
          ),
        ),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 0 },
    );
  });
}
