import { enablerConfigLimits as configLimits } from './enablers.ts';

/**
 * The error catalogue: every code the API can answer, with its HTTP status and an English fallback
 * message. The web's translation files carry the user-facing text for each code (a test checks that
 * every code here has an entry in both languages); error-descriptions.ts says when each is answered.
 * A new code needs all three, then `npm run generate:errors` (docs/errors.md).
 */
export const errorCatalogue = {
  // Codes of the product spec (section 8).
  ERR_DUPLICATE_MEMBER: {
    status: 409,
    message: 'A member already exists with this name and village or number.',
  },
  ERR_INVALID_DATA_FORMAT: { status: 400, message: 'The data format is not valid.' },
  ERR_LOGIN_INVALID: { status: 401, message: 'Invalid credentials, please retry.' },
  ERR_LOGIN_INACTIVE: { status: 403, message: 'This account is disabled.' },
  ERR_NO_PLOTS: { status: 409, message: 'The member has no plot; the contribution cannot be saved.' },
  ERR_FORBIDDEN_ADMIN: { status: 403, message: 'This resource belongs to another enabler; change the view.' },
  ERR_FORBIDDEN_USER: { status: 403, message: 'You cannot access this resource.' },
  ERR_DUPLICATE_USER: { status: 409, message: 'A user with this email already exists.' },
  ERR_FILE_TOO_LONG: { status: 413, message: 'The file is too large (max 30 KB).' },
  ERR_NO_ENABLER_LOGO: { status: 400, message: 'A logo must be selected.' },
  ERR_ENABLERCONFIG_INVALID_JSON: { status: 400, message: 'The configuration file is not valid JSON.' },
  ERR_ENABLERCONFIG_MISSING_CURRENCY: { status: 400, message: 'The configuration has no currency.' },
  ERR_ENABLERCONFIG_MISSING_MAXCOMPFACTOR: {
    status: 400,
    message: 'The configuration has no maxCompensationFactor.',
  },
  ERR_ENABLERCONFIG_MISSING_LENGTHSEASON: {
    status: 400,
    message: 'The configuration has no lengthOfSeasonInMonth.',
  },
  ERR_ENABLERCONFIG_MISSING_LENGTHCOVERAGE: {
    status: 400,
    message: 'The configuration has no lengthOfCoverageInMonth.',
  },
  ERR_ENABLERCONFIG_MISSING_FACTORS: {
    status: 400,
    message: 'The configuration has no benefitFactorsByMonth.',
  },
  ERR_ENABLERCONFIG_NOTARRAY_FACTORS: { status: 400, message: 'benefitFactorsByMonth must be an array.' },
  ERR_ENABLERCONFIG_NO_FILE: { status: 400, message: 'No configuration file was given.' },
  ERR_REGISTRATION_FAILED: {
    status: 400,
    message: 'Registration failed; the link may have expired. Contact the administrator.',
  },
  ERR_RENEW_FAILED: { status: 400, message: 'Password renewal failed; the link may have expired.' },
  ERR_ACCOUNT_JUST_LOCKED: {
    status: 403,
    message: 'The account is blocked after successive bad passwords; the administrators were notified.',
  },
  ERR_REQUEST_TIMEOUT: {
    status: 504,
    message: 'The server is not responding; check the connection and retry.',
  },
  // Codes added by this project (see docs/errors.md).
  ERR_UNAUTHENTICATED: { status: 401, message: 'JWT validation error' },
  ERR_NOT_FOUND: { status: 404, message: 'No such resource.' },
  ERR_METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'The request body must be JSON.' },
  ERR_PASSWORD_TOO_SHORT: { status: 400, message: 'Password must contain at least 8 characters.' },
  ERR_PASSWORD_UNCHANGED: { status: 400, message: 'The old and the new password are identical.' },
  ERR_PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'Attackers try this password first: choose another.',
  },
  ERR_CONFLICT: { status: 409, message: 'The resource was changed meanwhile; reload and retry.' },
  ERR_BALANCE_TOO_LOW: { status: 409, message: 'The amount is above the pending benefit.' },
  ERR_NO_ENABLER_BANNER: { status: 400, message: 'A banner must be selected.' },
  ERR_ENABLER_HAS_USERS: { status: 409, message: 'This enabler still has users and cannot be deleted.' },
  ERR_ENABLER_HAS_MEMBERS: { status: 409, message: 'This enabler still has members and cannot be deleted.' },
  ERR_ENABLER_NO_CONFIG: { status: 409, message: 'This enabler has no configuration yet.' },
  ERR_OWN_ACCOUNT: { status: 409, message: 'You cannot delete, deactivate or demote your own account.' },
  ERR_IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for another request.',
  },
  ERR_IDEMPOTENCY_KEY_IN_PROGRESS: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed; retry in a moment.',
  },
  ERR_PENDING_BENEFIT_NEGATIVE: {
    status: 409,
    message: 'This change would leave the pending benefit below zero (it was already paid out).',
  },
  ERR_NOT_IMPLEMENTED: { status: 501, message: 'This call is not available yet.' },
  ERR_INTERNAL: { status: 500, message: 'Internal error.' },
  ERR_SERVICE_BUSY: { status: 503, message: 'The service is busy; retry in a few seconds.' },
  // Administrators' members and plots.
  ERR_MEMBER_DELETED: { status: 410, message: 'This member has been deleted.' },
  ERR_MEMBER_HAS_PENDING_BENEFIT: { status: 409, message: 'A benefit is still pending.' },
  ERR_PLOT_HAS_RECORDS: { status: 409, message: 'The plot has records.' },
  // Operations.
  ERR_MIRROR_IN_PROGRESS: { status: 409, message: 'A mirror refresh is already under way.' },
  ERR_REBUILD_IN_PROGRESS: {
    status: 409,
    message: "A rebuild of this enabler's aggregates is already under way.",
  },
  // Imports and exports.
  ERR_IMPORT_INVALID_FILE: { status: 400, message: 'The file does not match its schema.' },
  ERR_IMPORT_UPLOAD_NOT_FOUND: { status: 404, message: 'The uploaded file was not found.' },
  ERR_IMPORT_RECORD_INVALID: { status: 400, message: 'A record of the file is not consistent.' },
  ERR_IMPORT_ID_TAKEN: { status: 409, message: 'An id of the file is already used by another record.' },
  // Uploads.
  ERR_IMAGE_NOT_PNG_OR_JPEG: { status: 400, message: 'An image must be a PNG or JPEG file.' },
  ERR_TOO_MANY_REQUESTS: { status: 429, message: 'Too many attempts; wait a few minutes.' },
  // The browser's session cookie.
  ERR_CROSS_ORIGIN: { status: 403, message: "This call must come from the application's own pages." },
  // Enabler config uploads: the bounds the spec's codes do not name (details.field names the field).
  ERR_ENABLERCONFIG_UNKNOWN_FIELD: {
    status: 400,
    message: 'The configuration has a field that a configuration does not have.',
  },
  ERR_ENABLERCONFIG_INVALID_CURRENCY: {
    status: 400,
    message: 'currency must be an ISO 4217 code of three capital letters, such as XOF.',
  },
  ERR_ENABLERCONFIG_INVALID_MAXCOMPFACTOR: {
    status: 400,
    message: `maxCompensationFactor must be a number above 0 and at most ${configLimits.maxCompensationFactor.max}.`,
  },
  ERR_ENABLERCONFIG_INVALID_LENGTHSEASON: {
    status: 400,
    message: `lengthOfSeasonInMonth must be a whole number of months from ${configLimits.lengthOfSeasonInMonth.min} to ${configLimits.lengthOfSeasonInMonth.max}.`,
  },
  ERR_ENABLERCONFIG_INVALID_LENGTHCOVERAGE: {
    status: 400,
    message: `lengthOfCoverageInMonth must be a whole number of months from ${configLimits.lengthOfCoverageInMonth.min} to ${configLimits.lengthOfCoverageInMonth.max}.`,
  },
  ERR_ENABLERCONFIG_INVALID_DAMAGETHRESHOLD: {
    status: 400,
    message: `damageThreshold must be a number from ${configLimits.damageThreshold.min} to ${configLimits.damageThreshold.max}, or null.`,
  },
  ERR_ENABLERCONFIG_TOO_MANY_FACTORS: {
    status: 400,
    message: `benefitFactorsByMonth must have at most ${configLimits.benefitFactorsByMonth.maxCount} factors.`,
  },
  ERR_ENABLERCONFIG_INVALID_FACTOR: {
    status: 400,
    message: `Every factor of benefitFactorsByMonth must be a number from ${configLimits.benefitFactorsByMonth.min} to ${configLimits.benefitFactorsByMonth.max} (details.position is the first that is not).`,
  },
  // Benefit runs.
  ERR_BENEFIT_FILE_INVALID: { status: 400, message: 'The assessment file does not match its format.' },
  ERR_BENEFIT_FILE_TOO_LARGE: { status: 413, message: 'The assessment file is too large (max 20 MB).' },
  ERR_BENEFIT_RUN_STATE: { status: 409, message: 'The benefit run is not in a state that allows this.' },
  ERR_BENEFIT_RUN_SELF_REVIEW: {
    status: 403,
    message: 'The administrator who uploaded a benefit run cannot approve or reject it.',
  },
  ERR_BENEFIT_RUN_LINKED_REVIEW: {
    status: 403,
    message:
      'An administrator who brought in the uploader of a benefit run, or whom the uploader brought in, cannot approve or reject it.',
  },
  ERR_BENEFIT_RUN_STALE_PREVIEW: {
    status: 409,
    message:
      'The benefit run was previewed under an earlier benefit rule: preview it again before its review.',
  },
  ERR_BENEFIT_RUN_BANK_CHANGED: {
    status: 409,
    message:
      'Bank details of members the run pays changed since its preview (details.members): preview it again before its review.',
  },
  ERR_PLOT_PAID_FOR_ASSESSMENT: {
    status: 409,
    message:
      'This plot already has a payout for this assessment (details.payoutId; details.runId if a run wrote it).',
  },
  ERR_PAYOUT_OF_RUN: {
    status: 409,
    message:
      'This payout was written by a benefit run (details.runId): only a run changes it; reverse the run.',
  },
  // The problems of a refused assessment file, each listed in ERR_BENEFIT_FILE_INVALID's details with its
  // row, field and value (never answered alone).
  ERR_ASSESSMENT_NOT_JSON: { status: 400, message: 'The file is not valid JSON.' },
  ERR_ASSESSMENT_COLUMN_UNKNOWN: {
    status: 400,
    message:
      'A column of the header is not a column of an assessment (value: the column; expected: the columns).',
  },
  ERR_ASSESSMENT_COLUMN_REPEATED: {
    status: 400,
    message: 'A column is named twice in the header (value: the column).',
  },
  ERR_ASSESSMENT_COLUMN_UNNAMED: { status: 400, message: 'A column of the header has no name.' },
  ERR_ASSESSMENT_COLUMN_MISSING: {
    status: 400,
    message: 'A column every assessment needs is missing from the header (where: the column).',
  },
  ERR_ASSESSMENT_FIELD_MISSING: { status: 400, message: 'A field is missing (where: the field).' },
  ERR_ASSESSMENT_FIELD_UNKNOWN: {
    status: 400,
    message: 'A field is not a field of an assessment or of its rows (where: the field).',
  },
  ERR_ASSESSMENT_BAD_SHAPE: {
    status: 400,
    message:
      'The file or a row is not shaped as an assessment: an object, its rows an array of objects (expected: what was expected).',
  },
  ERR_ASSESSMENT_BAD_ID: {
    status: 400,
    message:
      "The assessment reference is not letters, digits, '.', '_' and '-' (64 at most) (value: as given).",
  },
  ERR_ASSESSMENT_BAD_DATE: {
    status: 400,
    message: 'The assessment date is not a day written YYYY-MM-DD (value: as given).',
  },
  ERR_ASSESSMENT_OTHER_ASSESSMENT: {
    status: 400,
    message:
      "A row's assessment reference or date differs from the file's, the one most of its rows give (value: the row's; expected: the file's).",
  },
  ERR_ASSESSMENT_BAD_PLOT_ID: {
    status: 400,
    message: "A plotId is not a plot's id: letters, digits, '-' and '_', 64 at most (value: as given).",
  },
  ERR_ASSESSMENT_BAD_DAMAGE_INDEX: {
    status: 400,
    message: 'A damageIndex is not a number from 0 to 1 (value: as given).',
  },
  ERR_ASSESSMENT_BAD_AMOUNT: {
    status: 400,
    message: 'A benefitAmount is not an amount of 0 or more with two decimals at most (value: as given).',
  },
  ERR_ASSESSMENT_TEXT_TOO_LONG: {
    status: 400,
    message: 'A text of a row is empty or longer than its limit (where: the field; expected: the limit).',
  },
  ERR_ASSESSMENT_NO_ROWS: {
    status: 400,
    message: 'The file has no row to assess: no row, or no row with a damageIndex or a benefitAmount.',
  },
  ERR_ASSESSMENT_TOO_MANY_ROWS: {
    status: 400,
    message: 'The file has more rows than an assessment may (expected: the most).',
  },
  ERR_ASSESSMENT_PLOT_AND_AREA: {
    status: 400,
    message: 'A row names a plot and an area (a federation or a village); it names one or the other.',
  },
  ERR_ASSESSMENT_NO_PLOT_NOR_AREA: {
    status: 400,
    message: 'A row names neither a plot nor a federation or a village.',
  },
  ERR_ASSESSMENT_AREA_WITHOUT_INDEX: { status: 400, message: 'An area row has no damageIndex.' },
  ERR_ASSESSMENT_AREA_WITH_AMOUNT: {
    status: 400,
    message: "An area row has a benefitAmount: an area takes a damageIndex, its plots' seasons differing.",
  },
  ERR_ASSESSMENT_INDEX_AND_AMOUNT: {
    status: 400,
    message: 'A plot row has both a damageIndex and a benefitAmount; it takes one of them.',
  },
  ERR_ASSESSMENT_UNKNOWN_PLOT: { status: 400, message: 'A plotId names no plot (value: the id).' },
  ERR_ASSESSMENT_OTHER_ENABLER_PLOT: {
    status: 400,
    message: 'A plotId names a plot of another enabler (value: the id).',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** The JSON body of every failed call. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  requestId?: string;
  details?: unknown;
}
