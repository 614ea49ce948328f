import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button, { type ButtonProps } from '@cloudscape-design/components/button';
import { SessionContext } from '../../session/session-context.ts';
import type { OtherEnabler } from './other-enabler.ts';

export interface SwitchEnablerButtonProps {
  enabler: OtherEnabler;
  variant?: ButtonProps['variant'];
}

/**
 * Changes the administrator's view to the enabler a refused resource belongs to and reloads the same
 * screen, where the resource then opens (docs/decisions.md).
 */
export function SwitchEnablerButton({ enabler, variant = 'primary' }: SwitchEnablerButtonProps) {
  const { t } = useTranslation();
  const session = useContext(SessionContext);
  const [switching, setSwitching] = useState(false);
  const switchEnabler = () => {
    if (!session) return;
    setSwitching(true);
    // A refused switch shows its own error, and the button can be used again.
    session.switchEnabler(enabler.enablerId, 'here').catch(() => setSwitching(false));
  };
  return (
    <Button variant={variant} loading={switching} onClick={switchEnabler}>
      {t('errorDialog.switchEnabler', { name: enabler.enablerName })}
    </Button>
  );
}
