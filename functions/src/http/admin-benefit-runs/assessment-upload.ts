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
  namedPlotIds,
  noProblems,
  plotProblems,
  problemOf,
  schemaProblems,
  sortedProblems,
  type AssessmentRead,
} from '#domain/assessment-file.ts';
import { benefitUploadKey } from '#data/benefit-runs/benefit-run-files.ts';
import { plotOwners } from '#data/benefit-runs/benefit-inputs.ts';
import { AppError } from '#platform/app-error.ts';
import { csvSeparatorOf, parseCsv } from '#platform/csv.ts';
import { readEnvironment } from '#platform/environment.ts';
import { getS3Object, s3ObjectSize } from '#platform/s3.ts';
import { loadValidators, validatorOf, type ValidatorsLoader } from '#platform/validator.ts';

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
    addProblem(found, problemOf('ERR_ASSESSMENT_NOT_JSON', { row: null, line: null, where: '' }));
    return { file: undefined, lines: [], found };
  }
};

/**
 * The administrator's upload read (CSV or JSON) and checked whole: its size, then every row against the
 * schema (the resource's generated validators), the rules of its fields together, and the plots it
 * names, which must be the current enabler's. A file with any problem is refused with
 * ERR_BENEFIT_FILE_INVALID, its first problems listed by row, each a code of the catalogue with its
 * field and value, and all counted; nothing is written. Answers the assessment in the JSON shape.
 */
export const checkedAssessment = async (
  upload: string,
  session: { email: string; enabler: string },
  format: AssessmentFormat,
  validators: ValidatorsLoader,
): Promise<AssessmentFile> => {
  const bucket = readEnvironment('filesBucket');
  const key = benefitUploadKey(upload, session.email);
  const size = await s3ObjectSize(bucket, key);
  if (size === undefined) throw new AppError('ERR_IMPORT_UPLOAD_NOT_FOUND');
  if (size > ASSESSMENT_LIMITS.fileBytes) throw new AppError('ERR_BENEFIT_FILE_TOO_LARGE');
  const object = await getS3Object(bucket, key);
  if (!object) throw new AppError('ERR_IMPORT_UPLOAD_NOT_FOUND');
  const read = readOf(new TextDecoder().decode(object.body), format);
  const { found, lines } = read;
  if (read.file !== undefined) {
    const validate = validatorOf(await loadValidators(validators), assessmentFileSchema);
    const errors = validate(read.file)
      ? []
      : // A CSV file's missing reference or date is its header's problem, or its rows'.
        (validate.errors ?? []).filter(
          (error) => !(format === 'csv' && error.instancePath === '' && error.keyword === 'required'),
        );
    const faulty = schemaProblems(errors, read.file, lines, found);
    const rows = (read.file as { rows?: unknown }).rows;
    if (Array.isArray(rows) && rows.length <= ASSESSMENT_LIMITS.rows) {
      const file = read.file as AssessmentFile;
      assessmentRowProblems(file, lines, found, faulty);
      const ids = namedPlotIds(file, faulty);
      if (ids.length > 0) plotProblems(file, lines, await plotOwners(session.enabler, ids), found);
    }
  }
  if (found.count > 0) throw new AppError('ERR_BENEFIT_FILE_INVALID', { details: sortedProblems(found) });
  return read.file as AssessmentFile;
};
