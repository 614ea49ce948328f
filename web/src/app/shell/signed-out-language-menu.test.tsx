import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SignedOutLanguageMenu } from './signed-out-language-menu.tsx';

const trigger = () => screen.getByRole('button', { name: /^Language: / });

describe('signed-out language menu', () => {
  it('should show both languages, each in itself, the current one not offered again', async () => {
    render(<SignedOutLanguageMenu />);
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list')).toBeNull();

    await userEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(trigger().getAttribute('aria-controls')).toBe(screen.getByRole('list').id);
    expect(screen.getByRole('button', { name: 'English' }).hasAttribute('disabled')).toBe(true);
    const french = screen.getByRole('button', { name: 'Français' });
    expect(french.getAttribute('lang')).toBe('fr');
    expect(french.hasAttribute('disabled')).toBe(false);
  });

  it('should close on Escape, giving the focus back to its button', async () => {
    render(<SignedOutLanguageMenu />);
    await userEvent.click(trigger());
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Français' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('list')).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('should close on a click elsewhere', async () => {
    render(
      <>
        <p>Elsewhere</p>
        <SignedOutLanguageMenu />
      </>,
    );
    await userEvent.click(trigger());
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('should switch to the language chosen and remember it', async () => {
    render(<SignedOutLanguageMenu />);
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: 'Langue: Français, FR' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(window.localStorage.getItem('language')).toBe('fr');
  });
});
