import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18next from '../../i18n/index.ts';
import { ApiError } from '../../api/api-error.ts';
import { publishError } from '../../api/error-bus.ts';
import { dialogTexts, dialogVisible } from '../../test/cloudscape.ts';
import { ErrorDialog } from './error-dialog.tsx';
import { errorMessage } from './error-message.ts';
import { SessionContext, type SessionContextValue } from '../../session/session-context.ts';
import type { Role } from '../../api/auth.ts';

/** A signed-in session of this role, as the session provider gives it (its actions unused here). */
const signedInAs = (role: Role): SessionContextValue =>
  ({
    status: 'signedIn',
    session: {
      user: { role, username: 'Awa', email: 'awa@example.org', enablerId: 'e-1', enablerName: 'Coop' },
      enabler: null,
      enablers: [],
    },
  }) as unknown as SessionContextValue;

const t = i18next.t.bind(i18next);

describe('errorMessage', () => {
  it('should give the catalogue message of a known code', () => {
    expect(errorMessage(t, { code: 'ERR_LOGIN_INVALID', message: 'whatever the server said' })).toBe(
      'Invalid credentials, please retry.',
    );
  });

  it('should give the technical message for an unknown code or no code', () => {
    expect(errorMessage(t, { code: 'ERR_SOMETHING_NEW', message: 'disk full' })).toBe(
      'A technical error occured : disk full',
    );
    expect(errorMessage(t, { message: 'Failed to fetch' })).toBe(
      'A technical error occured : Failed to fetch',
    );
  });

  it('should follow the language', async () => {
    await i18next.changeLanguage('fr');
    expect(errorMessage(t, { code: 'ERR_REQUEST_TIMEOUT', message: '' })).toBe(
      'Le serveur ne répond pas. Vérifiez votre connexion et réessayez.',
    );
    expect(errorMessage(t, { message: 'boom' })).toBe('Une erreur technique est survenue : boom');
  });
});

describe('ErrorDialog', () => {
  it('should show a published error with the title and an OK button that closes it', async () => {
    render(<ErrorDialog />);
    expect(dialogVisible()).toBe(false);

    act(() =>
      publishError(new ApiError({ kind: 'http', status: 409, code: 'ERR_DUPLICATE_USER', message: 'dup' })),
    );

    // The modal's code is fetched when the first error waits.
    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()).toEqual({
      header: 'An error occured',
      content: 'A user with this email already exists.',
    });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(dialogVisible()).toBe(false);
  });

  it('should show errors one after the other, with the request reference to an administrator', async () => {
    render(
      <SessionContext value={signedInAs('ADMIN')}>
        <ErrorDialog />
      </SessionContext>,
    );
    act(() => {
      publishError(new ApiError({ kind: 'http', status: 500, message: 'first', requestId: 'req-1' }));
      publishError(new ApiError({ kind: 'network', message: 'second' }));
    });

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toBe('A technical error occured : firstReference: req-1');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(dialogTexts()?.content).toBe('A technical error occured : second');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(dialogVisible()).toBe(false);
  });

  it('should show a field agent no request reference, which they cannot use', async () => {
    render(
      <SessionContext value={signedInAs('USER')}>
        <ErrorDialog />
      </SessionContext>,
    );
    act(() =>
      publishError(new ApiError({ kind: 'http', status: 500, message: 'first', requestId: 'req-1' })),
    );

    await waitFor(() => expect(dialogVisible()).toBe(true));
    expect(dialogTexts()?.content).toBe('A technical error occured : first');
  });
});
