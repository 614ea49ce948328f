import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { hasConfig } from '../../api/enablers.ts';
import { useSignedInSession } from '../../session/session-context.ts';

/**
 * Administrators work for one enabler at a time; only an enabler with a configuration can be chosen
 * (spec section 2). Choosing one switches the session and reloads the app on the home page.
 */
export function EnablerSelector() {
  const { t } = useTranslation();
  const { user, enablers, switchEnabler } = useSignedInSession();
  const [switching, setSwitching] = useState(false);

  const options: SelectProps.Option[] = enablers
    .filter(hasConfig)
    .map(({ id, name }) => ({ value: id, label: name }));
  const selected =
    options.find((option) => option.value === user.enablerId) ??
    (user.enablerId ? { value: user.enablerId, label: user.enablerName ?? user.enablerId } : null);

  return (
    <Select
      className="top-bar__enabler-selector"
      ariaLabel={t('header.enablerSelector')}
      placeholder={t('header.noEnabler')}
      options={options}
      selectedOption={selected}
      disabled={switching}
      statusType={switching ? 'loading' : 'finished'}
      expandToViewport
      onChange={({ detail }) => {
        const enablerId = detail.selectedOption.value;
        if (!enablerId || enablerId === user.enablerId) return;
        setSwitching(true);
        // A failure is already shown by the error dialog; the current enabler stays.
        switchEnabler(enablerId).catch(() => setSwitching(false));
      }}
    />
  );
}
