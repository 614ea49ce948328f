import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languages } from '../../i18n/index.ts';
import { languageMenuLabel } from '../../i18n/languages.ts';

/**
 * The signed-out header's language choice, each language named in itself. Plain HTML rather than
 * Cloudscape's ButtonDropdown, whose code (with the top navigation's) would be a tenth of the first
 * screen's download. A disclosure: Tab reaches the choices; Escape or a click elsewhere closes them.
 */
export function SignedOutLanguageMenu() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = t(`language.${language}`);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const closeFromOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeFromOutside);
    return () => document.removeEventListener('pointerdown', closeFromOutside);
  }, [open]);

  return (
    <div
      ref={root}
      className="language-menu"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        trigger.current?.focus();
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="language-menu__trigger"
        aria-label={languageMenuLabel(t, language)}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {/* Narrow screens show the code (app.css swaps the two). */}
        <span className="label-long">{name}</span>
        <span className="label-short">{language.toUpperCase()}</span>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M4 6h8l-4 5z" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <ul id={listId} className="language-menu__list">
          {languages.map((choice) => (
            <li key={choice}>
              <button
                type="button"
                lang={choice}
                className="language-menu__choice"
                disabled={choice === language}
                onClick={() => {
                  setOpen(false);
                  void changeLanguage(choice);
                }}
              >
                {t(`language.${choice}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
