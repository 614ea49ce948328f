import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import {
  enablerConfigShapeCodes,
  parseEnablerConfigFile,
  type EnablerConfigRefusal,
} from '@cpbo/schemas/enabler-config-rules.ts';
import type { AdminEnabler } from '../../../api/enablers.ts';
import { CompensationFactorNote } from '../../../common/enablers/compensation-factor.tsx';
import { ConfirmDialog } from '../../../common/ui/confirm-dialog.tsx';
import { FormActions } from '../../../common/ui/form-actions.tsx';
import { formatDateTime, formatNumber } from '../../../common/format/format.ts';
import { useSubmission } from '../../../common/errors/use-submission.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { readAsText } from '../../../browser/read-file.ts';

export interface ConfigUploadFormProps {
  enabler: AdminEnabler;
  /** The version number the upload will get. */
  nextVersion: number;
  onUpload: (config: unknown) => Promise<void>;
  onCancel: () => void;
}

const shapeCodes = new Set<EnablerConfigRefusal['code']>(enablerConfigShapeCodes);

/** The picked file once read: what the upload screen's rules made of it. */
type PickedFile = { name: string } & ReturnType<typeof parseEnablerConfigFile>;

/** Pick a JSON file, see at once what is wrong with it, confirm, upload. */
export function ConfigUploadForm({ enabler, nextVersion, onUpload, onCancel }: ConfigUploadFormProps) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  // "Choose a file" shows once the user tried to upload without one.
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { pending: uploading, failure, send, clearFailure } = useSubmission();
  // The file being read: an upload asked for meanwhile waits for it, and only the latest pick counts.
  const reading = useRef<Promise<PickedFile | null>>(Promise.resolve(null));

  const pick = (chosen: File[]) => {
    setFiles(chosen);
    setPicked(null);
    clearFailure();
    const [file] = chosen;
    const read: Promise<PickedFile | null> = file
      ? readAsText(file)
          // An unreadable file is taken as an empty one: the rules then call it invalid JSON.
          .catch(() => '')
          .then((text) => ({ name: file.name, ...parseEnablerConfigFile(text) }))
      : Promise.resolve(null);
    reading.current = read;
    void read.then((result) => {
      if (reading.current === read) setPicked(result);
    });
  };

  const problem: EnablerConfigRefusal | undefined = picked
    ? picked.problem
    : submitted && files.length === 0
      ? parseEnablerConfigFile(undefined).problem
      : undefined;
  // The specific problem first (it names the field and its rule), then, for the shape, the spec's rule.
  const problemText = ({ code, details }: EnablerConfigRefusal) => {
    if (code === 'ERR_ENABLERCONFIG_NO_FILE') return t('enablers.config.upload.error.file');
    const specific = t(`errors.${code}`, { ...details });
    return shapeCodes.has(code) ? `${specific} ${t('enablers.config.upload.error.struct')}` : specific;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = reading.current;
    const result = await read;
    if (read !== reading.current) return; // Another file was picked meanwhile.
    setSubmitted(true);
    if (result && result.problem === undefined) setConfirming(true);
  };

  const upload = async () => {
    if (!picked || picked.problem !== undefined) return;
    const { config } = picked;
    if (!(await send(() => onUpload(config)))) setConfirming(false);
  };

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Form
          header={
            <Header variant="h1" description={t('enablers.config.upload.description')}>
              {t('enablers.config.upload.title', { name: enabler.name })}
            </Header>
          }
          errorText={failure}
          actions={
            <FormActions
              cancelText={t('enablers.config.upload.cancel')}
              submitText={t('enablers.config.upload.submit')}
              submitIcon="upload"
              onCancel={onCancel}
              pending={uploading}
            />
          }
        >
          <Container>
            <FormField
              label={t('enablers.config.upload.file')}
              description={t('enablers.config.upload.fileDescription')}
              errorText={problem ? problemText(problem) : undefined}
            >
              <FileUpload
                accept="application/json,.json"
                value={files}
                onChange={({ detail }) => pick(detail.value)}
                showFileSize
                showFileLastModified
                invalid={problem !== undefined}
                i18nStrings={{
                  uploadButtonText: () => t('enablers.config.upload.choose'),
                  removeFileAriaLabel: () => t('enablers.config.upload.remove'),
                  formatFileLastModified: (date) => formatDateTime(date),
                  formatFileSize: (bytes) =>
                    t('enablers.fileSize', { size: formatNumber(bytes / 1024, currentLanguage()) }),
                }}
              />
            </FormField>
            {picked?.problem === undefined && typeof picked?.config === 'object' && (
              <CompensationFactorNote
                factor={(picked.config as { maxCompensationFactor: number }).maxCompensationFactor}
              />
            )}
          </Container>
        </Form>
      </form>
      <ConfirmDialog
        visible={confirming}
        header={t('enablers.config.upload.confirmTitle')}
        confirmLabel={t('enablers.config.upload.confirm')}
        cancelLabel={t('enablers.config.upload.cancel')}
        busy={uploading}
        onConfirm={() => void upload()}
        onCancel={() => setConfirming(false)}
      >
        {t('enablers.config.upload.confirmMessage', {
          file: picked?.name ?? '',
          name: enabler.name,
          version: nextVersion,
        })}
      </ConfirmDialog>
    </>
  );
}
