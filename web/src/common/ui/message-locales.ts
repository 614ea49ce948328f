import IntlMessageFormat from 'intl-messageformat';

type ResolveLocale = typeof IntlMessageFormat.resolveLocale;

/**
 * Cloudscape's I18nProvider makes one IntlMessageFormat per label it shows, and each resolves its locale
 * anew (Intl.NumberFormat.supportedLocalesOf, then new Intl.Locale): on a phone a signed-in frame's first
 * draw spent about 30 ms there (issue 38, a trace at a 4× slower CPU: 120 ms). The answer depends on the
 * locales asked only: it is kept per language.
 */
export function rememberResolvedLocales(): void {
  const resolve: ResolveLocale & { remembering?: true } = IntlMessageFormat.resolveLocale;
  if (resolve.remembering) return;
  const resolved = new Map<string, ReturnType<ResolveLocale>>();
  const remembering: ResolveLocale & { remembering?: true } = (locales) => {
    const key = JSON.stringify(locales);
    if (!resolved.has(key)) resolved.set(key, resolve.call(IntlMessageFormat, locales));
    return resolved.get(key);
  };
  remembering.remembering = true;
  IntlMessageFormat.resolveLocale = remembering;
}
