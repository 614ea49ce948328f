import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { enablerImagesProblem } from '@cpbo/schemas/enablers.ts';
import type { AdminEnabler, EnablerProfile } from '../../../api/enablers.ts';
import { FormActions } from '../../../common/ui/form-actions.tsx';
import { useSubmission } from '../../../common/errors/use-submission.ts';
import { ImagePicker, type ImageChoice } from './image-picker.tsx';

export interface EnablerFormProps {
  /** The enabler to edit; null for a new one. */
  enabler: AdminEnabler | null;
  onSave: (profile: EnablerProfile) => Promise<void>;
  onCancel: () => void;
}

const storedImage = (dataUrl: string | null | undefined): ImageChoice => ({
  files: [],
  dataUrl: dataUrl ?? null,
});

/** Name, logo and banner: all three required (spec section 5), images checked before anything is sent. */
export function EnablerForm({ enabler, onSave, onCancel }: EnablerFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(enabler?.name ?? '');
  const [logo, setLogo] = useState<ImageChoice>(() => storedImage(enabler?.logo));
  const [banner, setBanner] = useState<ImageChoice>(() => storedImage(enabler?.banner));
  // Required-field messages appear once the user tried to save, not while they are filling the form.
  const [submitted, setSubmitted] = useState(false);
  const { pending: saving, failure, send } = useSubmission();

  const nameError = submitted && !name.trim() ? t('enablers.form.nameRequired') : undefined;
  // A refused file has its own message under its picker.
  const missing = (image: ImageChoice) => !image.dataUrl && !image.problem;
  const imageMissing = submitted && (missing(logo) || missing(banner));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (saving || !name.trim() || logo.problem || banner.problem) return;
    const profile = { name: name.trim(), logo: logo.dataUrl ?? '', banner: banner.dataUrl ?? '' };
    // The server's own rule (both images, 30 KB each): a refused form costs no call.
    if (enablerImagesProblem(profile)) return;
    await send(() => onSave(profile));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Form
        header={
          <Header
            variant="h1"
            description={t(enabler ? 'enablers.form.editDescription' : 'enablers.form.newDescription')}
          >
            {enabler ? t('enablers.form.editTitle', { name: enabler.name }) : t('screens.newEnabler')}
          </Header>
        }
        errorText={failure ?? (imageMissing ? t('enablers.add.message') : undefined)}
        actions={
          <FormActions
            cancelText={t('enablers.form.cancel')}
            submitText={t('enablers.form.save')}
            onCancel={onCancel}
            pending={saving}
          />
        }
      >
        <Container header={<Header variant="h2">{t('enablers.form.profile')}</Header>}>
          <SpaceBetween size="l">
            <FormField label={t('enablers.form.name')} errorText={nameError}>
              <Input
                name="name"
                value={name}
                onChange={({ detail }) => setName(detail.value)}
                invalid={nameError !== undefined}
                autoFocus={!enabler}
              />
            </FormField>
            <ImagePicker
              kind="logo"
              label={t('enablers.form.logo')}
              value={logo}
              stored={enabler?.logo ?? null}
              missingText={submitted ? t('errors.ERR_NO_ENABLER_LOGO') : undefined}
              previewAlt={t('enablers.form.logoPreview')}
              onChange={setLogo}
            />
            <ImagePicker
              kind="banner"
              label={t('enablers.form.banner')}
              value={banner}
              stored={enabler?.banner ?? null}
              missingText={submitted ? t('errors.ERR_NO_ENABLER_BANNER') : undefined}
              previewAlt={t('enablers.form.bannerPreview')}
              onChange={setBanner}
            />
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
