import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { dataUrlBytes, isPngOrJpegDataUrl, MAX_IMAGE_BYTES } from '@cpbo/schemas/enablers.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import './image-picker.css';
import { readAsDataUrl } from '../../../browser/read-file.ts';

/** PNG and JPEG only: the server checks the same (isPngOrJpegDataUrl, by type and bytes). */
const acceptedTypes = 'image/png,image/jpeg';

export type ImageProblem = 'ERR_FILE_TOO_LONG' | 'ERR_IMAGE_NOT_PNG_OR_JPEG';

/** One image of the form: the picked file (if any), the image to send as a data URL, or why the file is refused. */
export interface ImageChoice {
  files: File[];
  dataUrl: string | null;
  problem?: ImageProblem | undefined;
}

/** Checks a picked file before anything is sent: the size limit first (no need to read a big file). */
export async function imageChoiceOf(file: File): Promise<ImageChoice> {
  if (file.size > MAX_IMAGE_BYTES) return { files: [file], dataUrl: null, problem: 'ERR_FILE_TOO_LONG' };
  const dataUrl = await readAsDataUrl(file);
  if (!isPngOrJpegDataUrl(dataUrl))
    return { files: [file], dataUrl: null, problem: 'ERR_IMAGE_NOT_PNG_OR_JPEG' };
  if (dataUrlBytes(dataUrl) > MAX_IMAGE_BYTES)
    return { files: [file], dataUrl: null, problem: 'ERR_FILE_TOO_LONG' };
  return { files: [file], dataUrl };
}

export interface ImagePickerProps {
  label: string;
  value: ImageChoice;
  /** The stored image (edit form): what the field goes back to when the picked file is removed. */
  stored: string | null;
  /** A message for a missing image, once the user tried to save. */
  missingText?: string | undefined;
  previewAlt: string;
  /** logo or banner: the preview's shape. */
  kind: 'logo' | 'banner';
  onChange: (choice: ImageChoice) => void;
}

/** A file picker for one image, with its preview and the 30 KB limit checked at once. */
export function ImagePicker({
  label,
  value,
  stored,
  missingText,
  previewAlt,
  kind,
  onChange,
}: ImagePickerProps) {
  const { t } = useTranslation();
  // Only the latest pick counts when files are picked faster than they are read.
  const latestPick = useRef(0);

  const pick = async (files: File[]) => {
    const pickNumber = ++latestPick.current;
    const [file] = files;
    const choice = file ? await imageChoiceOf(file) : { files: [], dataUrl: stored };
    if (pickNumber === latestPick.current) onChange(choice);
  };

  const errorText = value.problem ? t(`errors.${value.problem}`) : value.dataUrl ? undefined : missingText;

  return (
    <FormField
      label={label}
      constraintText={t('enablers.form.imageConstraint', { max: Math.round(MAX_IMAGE_BYTES / 1024) })}
      errorText={errorText}
    >
      <SpaceBetween size="s">
        <FileUpload
          accept={acceptedTypes}
          value={value.files}
          onChange={({ detail }) => void pick(detail.value)}
          showFileSize
          invalid={errorText !== undefined}
          i18nStrings={{
            uploadButtonText: () => t('enablers.form.chooseImage'),
            removeFileAriaLabel: () => t('enablers.form.removeImage'),
            formatFileSize: (bytes) =>
              t('enablers.fileSize', { size: formatNumber(bytes / 1024, currentLanguage()) }),
          }}
        />
        {value.dataUrl && (
          <img
            className={`enabler-image-preview enabler-image-preview--${kind}`}
            src={value.dataUrl}
            alt={previewAlt}
          />
        )}
      </SpaceBetween>
    </FormField>
  );
}
