import {
  ASSESSMENT_LIMITS,
  assessmentFileSchema,
  type AssessmentFile,
  type AssessmentFormat,
} from '@cpbo/schemas/benefit-runs.ts';
import {
  addProblem,
  assessmentOfCsv,
  assessmentRowProblems,
  noProblems,
  problemAt,
  type AssessmentRead,
} from '#domain/assessment-file.ts';
import { benefitUploadKey } from '#data/benefit-run-files.ts';
import { fileSchemaErrors } from '#data/file-schema-errors.ts';
import { AppError } from '#platform/app-error.ts';
import { csvSeparatorOf, parseCsv } from '#platform/csv.ts';
import { readEnvironment } from '#platform/environment.ts';
import { getS3Object, s3ObjectSize } from '#platform/s3.ts';
import { loadValidators, type ValidatorsLoader } from '#platform/validator.ts';

const readOf = (text: string, format: AssessmentFormat): AssessmentRead => {
  if (format === 'csv') {
    const separator = csvSeparatorOf(text);
    const { records, lines } = parseCsv(text, separator);
    return assessmentOfCsv(records, lines, separator);
  }
  const found = noProblems();
  try {
    return { file: JSON.parse(text) as unknown, lines: [], found };
  } catch {
    addProblem(found, { row: null, line: null, where: '', message: 'the file is not valid JSON' });
    return { file: undefined, lines: [], found };
  }
};

/**
 * The administrator's upload read (CSV or JSON) and checked whole: its size, its schema (the
 * resource's generated validators), then each row's rules. A file with any problem is refused with
 * ERR_BENEFIT_FILE_INVALID, its first problems listed with their rows and all counted; nothing is
 * written. Answers the assessment in the JSON shape.
 */
export const checkedAssessment = async (
  upload: string,
  email: string,
  format: AssessmentFormat,
  validators: ValidatorsLoader,
): Promise<AssessmentFile> => {
  const bucket = readEnvironment('filesBucket');
  const key = benefitUploadKey(upload, email);
  const size = await s3ObjectSize(bucket, key);
  if (size === undefined) throw new AppError('ERR_IMPORT_UPLOAD_NOT_FOUND');
  if (size > ASSESSMENT_LIMITS.fileBytes) throw new AppError('ERR_BENEFIT_FILE_TOO_LARGE');
  const object = await getS3Object(bucket, key);
  if (!object) throw new AppError('ERR_IMPORT_UPLOAD_NOT_FOUND');
  const read = readOf(new TextDecoder().decode(object.body), format);
  const { found } = read;
  if (found.count === 0) {
    const schema = fileSchemaErrors(await loadValidators(validators), assessmentFileSchema, read.file);
    for (const error of schema.errors) addProblem(found, problemAt(error.where, error.message, read.lines));
    found.count += schema.count - schema.errors.length;
  }
  if (found.count === 0) assessmentRowProblems(read.file as AssessmentFile, read.lines, found);
  if (found.count > 0) throw new AppError('ERR_BENEFIT_FILE_INVALID', { details: found });
  return read.file as AssessmentFile;
};
