import type { AuthSession } from '../../api/auth.ts';
import { needsRenewal } from './access-token.ts';

/**
 * The Web Lock and the channel the tabs of one browser share for their session's refresh: the cookie
 * is the browser's, so one tab's refresh rotates it for all.
 */
const REFRESH_LOCK = 'cpbo-session-refresh';
/** How long a tab that waited for the lock waits for the answer the refreshing tab shared. */
const SHARED_ANSWER_WAIT_MS = 200;

/**
 * One refresh at a time across the tabs of a browser (the token keeper's, token-keeper.ts). The tab that
 * takes the lock refreshes and shares the answer before letting the lock go; a tab that had to wait takes
 * that answer instead of refreshing again. The API would answer a second refresh with the same token too
 * (the grace of a token just rotated), but each refresh in flight is one more that a reload can lose.
 * Without Web Locks or BroadcastChannel each tab refreshes alone.
 */
export class TabsRefresh {
  private channel: BroadcastChannel | null = null;
  // The last answer another tab shared, numbered in the order they came.
  private shared: { session: AuthSession; number: number } | null = null;
  private sharedCount = 0;
  private readonly sharedWaiters: (() => void)[] = [];

  async refresh(refreshNow: () => Promise<AuthSession>): Promise<AuthSession> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks || typeof BroadcastChannel !== 'function') return refreshNow();
    if (!this.channel) {
      this.channel = new BroadcastChannel(REFRESH_LOCK);
      this.channel.onmessage = ({ data }: MessageEvent<AuthSession>) => {
        this.shared = { session: data, number: ++this.sharedCount };
        for (const wake of this.sharedWaiters.splice(0)) wake();
      };
    }
    const askedAfter = this.sharedCount;
    const leading = await locks.request(REFRESH_LOCK, { ifAvailable: true }, (lock) =>
      lock ? this.refreshAndShare(refreshNow) : null,
    );
    if (leading) return leading;
    // Another tab is refreshing: its answer, shared before it let the lock go, is this tab's too.
    return locks.request(
      REFRESH_LOCK,
      async () => (await this.sharedAfter(askedAfter)) ?? this.refreshAndShare(refreshNow),
    );
  }

  private async refreshAndShare(refreshNow: () => Promise<AuthSession>): Promise<AuthSession> {
    const session = await refreshNow();
    this.channel?.postMessage(session);
    return session;
  }

  /**
   * An answer another tab shared after `number`, waiting a moment for one in flight; none when that tab
   * failed or was closed (this tab then refreshes itself, with the cookie as that tab left it).
   */
  private async sharedAfter(number: number): Promise<AuthSession | undefined> {
    if (this.sharedCount === number)
      await new Promise<void>((wake) => {
        this.sharedWaiters.push(wake);
        setTimeout(wake, SHARED_ANSWER_WAIT_MS);
      });
    const shared = this.shared;
    return shared && shared.number > number && !needsRenewal(shared.session.accessToken)
      ? shared.session
      : undefined;
  }
}
