import { enablerConfigShapeCodes } from './enabler-config-rules.ts';
import type { ErrorCode } from './error-catalogue.ts';

/**
 * When each code of the error catalogue is answered: the "when" column of docs/errors.md
 * (`npm run generate:errors`). Kept beside the catalogue rather than in its entries because the SPA
 * bundles the catalogue on the login page, whose script budget these sentences would exceed; every
 * code must have one (the type refuses a missing or unknown code).
 */
export const errorDescriptions = {
  ERR_DUPLICATE_MEMBER:
    "Onboarding or editing a member whose name and village, or whose number, another member of the enabler already has; details.matches lists each rule broken, `{ claim: 'number' | 'nameVillage', memberId }`, with the member of the enabler that holds it.",
  ERR_INVALID_DATA_FORMAT:
    "A body, query string or path parameter does not match the route's schema (the answer's details list what is wrong), a body is not valid JSON, an amount has more than two decimals, or a list (the members', an administrator's table) is asked for two sorts at once; on the administrators' plots, an end of coverage before its start or a config version the enabler does not have.",
  ERR_LOGIN_INVALID:
    'Signing in (or changing the password) with an unknown address or a wrong password, before the account locks; also when the account changed while the session was being opened.',
  ERR_LOGIN_INACTIVE: 'Signing in to an account that is deactivated, locked, or has no password yet.',
  ERR_NO_PLOTS: 'Recording a contribution for a member who has no plot.',
  ERR_FORBIDDEN_ADMIN:
    'An administrator calls on a member, plot, contribution, payout, cashout or user of another enabler than the one they are viewing: the details name that enabler (`enablerId`, `enablerName`) and changing the view to it opens the resource. An id that exists in no enabler is ERR_NOT_FOUND.',
  ERR_FORBIDDEN_USER:
    "A field agent calls an administrator's route, or opens a member or a plot of another enabler.",
  ERR_DUPLICATE_USER: 'Creating a user with an e-mail address that already has an account.',
  ERR_FILE_TOO_LONG: "An enabler's logo or banner, or an enabler configuration file, is larger than 30 KB.",
  ERR_NO_ENABLER_LOGO: 'Creating or editing an enabler without a logo.',
  ERR_ENABLERCONFIG_INVALID_JSON: 'Uploading an enabler configuration file that is not valid JSON.',
  ERR_ENABLERCONFIG_MISSING_CURRENCY: 'Uploading an enabler configuration without currency.',
  ERR_ENABLERCONFIG_MISSING_MAXCOMPFACTOR:
    'Uploading an enabler configuration without maxCompensationFactor.',
  ERR_ENABLERCONFIG_MISSING_LENGTHSEASON: 'Uploading an enabler configuration without lengthOfSeasonInMonth.',
  ERR_ENABLERCONFIG_MISSING_LENGTHCOVERAGE:
    'Uploading an enabler configuration without lengthOfCoverageInMonth.',
  ERR_ENABLERCONFIG_MISSING_FACTORS: 'Uploading an enabler configuration without benefitFactorsByMonth.',
  ERR_ENABLERCONFIG_NOTARRAY_FACTORS:
    'Uploading an enabler configuration whose benefitFactorsByMonth is not an array.',
  ERR_ENABLERCONFIG_NO_FILE: 'Uploading an enabler configuration without a file.',
  ERR_REGISTRATION_FAILED:
    'Setting the first password with a registration link that is unknown, expired or already used.',
  ERR_RENEW_FAILED: 'Setting a new password with a reset link that is unknown, expired or already used.',
  ERR_ACCOUNT_JUST_LOCKED:
    'The bad password that locks the account (after several in a row); the administrators are mailed once.',
  ERR_REQUEST_TIMEOUT: 'Made by the SPA, never sent by the API: a call got no answer within 45 seconds.',
  ERR_UNAUTHENTICATED:
    'A signed-in route is called without an access token, or with one that is invalid, expired or of an ended session.',
  ERR_NOT_FOUND:
    "No such route, or the record asked for does not exist (another enabler's record answers so too where its existence must not show).",
  ERR_METHOD_NOT_ALLOWED: 'A known path is called with a method it does not answer.',
  ERR_PAYLOAD_TOO_LARGE: "A request body is larger than the route's limit.",
  ERR_UNSUPPORTED_MEDIA_TYPE: 'A request with a body is not sent as application/json.',
  ERR_PASSWORD_TOO_SHORT: 'A new password has fewer than 8 characters.',
  ERR_PASSWORD_UNCHANGED: 'Changing the password to the current one.',
  ERR_PASSWORD_TOO_COMMON:
    "A new password (registration, reset, change) is among the 100 000 most common breached passwords (any case), is one of them with up to 6 digits or symbols before or after it (Password123!), or holds the account's e-mail name or the product's name.",
  ERR_CONFLICT:
    'A record (a member, a plot, a password) was changed by another request between the read and the write, and retrying did not settle it.',
  ERR_BALANCE_TOO_LOW:
    "A cashout (a new one, of a field agent or an administrator) is above the member's pending benefit.",
  ERR_NO_ENABLER_BANNER: 'Creating or editing an enabler without a banner.',
  ERR_ENABLER_HAS_USERS: 'Deleting an enabler that still has users.',
  ERR_ENABLER_HAS_MEMBERS: 'Deleting an enabler that still has members.',
  ERR_ENABLER_NO_CONFIG:
    'Switching the view to an enabler, or creating a plot for a member of an enabler, that has no configuration yet.',
  ERR_OWN_ACCOUNT: 'An administrator deletes, deactivates or demotes their own account.',
  ERR_IDEMPOTENCY_KEY_REUSED:
    'A write repeats an Idempotency-Key the same caller already used for another request (another route, record, enabler or body).',
  ERR_IDEMPOTENCY_KEY_IN_PROGRESS:
    'A write repeats an Idempotency-Key whose first request is still being processed after a wait.',
  ERR_PENDING_BENEFIT_NEGATIVE:
    "An administrator's edit or deletion of a payout or cashout would leave the member's pending benefit below zero: deleting or lowering a payout already paid out by cashouts, or raising a cashout above what is pending.",
  ERR_NOT_IMPLEMENTED: 'A route of the contract that is not built yet.',
  ERR_INTERNAL:
    'An unexpected failure of the server (never a user mistake); the answer carries the request id.',
  ERR_SERVICE_BUSY:
    "A service the call needs (DynamoDB, S3, SQS, SES) still throttled it or failed for a moment after the SDK's retries (docs/operations.md), or a transaction was cancelled only by concurrent ones; the answer carries the request id and a Retry-After header, and the same call may be sent again (a write with its Idempotency-Key, given back by the failure).",
  ERR_MEMBER_DELETED:
    "A call on a member of the caller's enabler, or on one of its plots or records, after an administrator deleted the member (while its records are being deleted, and for the 30 days its removal is remembered); a member of another enabler, or one removed longer ago, is ERR_NOT_FOUND.",
  ERR_MEMBER_HAS_PENDING_BENEFIT:
    'An administrator deletes a member who still has a pending benefit (payouts not paid out in cash); nothing is deleted.',
  ERR_PLOT_HAS_RECORDS: 'An administrator deletes a plot on which contributions or payouts are recorded.',
  ERR_MIRROR_IN_PROGRESS:
    'An administrator starts a mirror refresh while another one is still processing (POST /admin/mirror).',
  ERR_REBUILD_IN_PROGRESS:
    "An administrator starts a rebuild of the dashboard's aggregates (POST /dashboard/rebuild) while one of the same enabler is queued or running; nothing is written or queued.",
  ERR_IMPORT_INVALID_FILE:
    "An import's file does not match the schema of its kind (full or onboarding): the details list the first problems, each with its JSON path, and their count; nothing is written.",
  ERR_IMPORT_UPLOAD_NOT_FOUND:
    "An import names an upload that was never made, has expired, is another user's or is not valid JSON; nothing is written.",
  ERR_IMPORT_RECORD_INVALID:
    "In an import's report only: a member whose records do not hold together (a record on a plot the member does not have, an amount with more than two decimals, a config version the enabler lacks); that member is skipped.",
  ERR_IMPORT_ID_TAKEN:
    "In an import's report only: a member whose id is another enabler's member's, or one of whose records has an id another record already holds; that member is skipped and nothing is overwritten.",
  ERR_IMAGE_NOT_PNG_OR_JPEG:
    "An enabler's logo or banner (in the enabler form or in an imported file) that is not a PNG or JPEG data URL whose bytes begin as its type says (an SVG, which can carry script, a GIF, a renamed file).",
  ERR_TOO_MANY_REQUESTS:
    'Answered by the WAF in front of CloudFront, not by a function: one client sent more sign-in, registration or password-reset calls in 5 minutes than the environment allows.',
  ERR_CROSS_ORIGIN:
    "An auth call sent with the X-Session-Cookie header (the SPA's, which keeps the refresh token in an HttpOnly cookie) from another origin than the application's: its Origin is another site's, its Sec-Fetch-Site is not same-origin, or it came over plain HTTP from elsewhere than localhost; nothing is read or written.",
  ERR_ENABLERCONFIG_UNKNOWN_FIELD:
    'Uploading an enabler configuration with a field a configuration does not have (a misspelt name, a field of another file); details.field names it.',
  ERR_ENABLERCONFIG_INVALID_CURRENCY:
    'Uploading an enabler configuration whose currency is not three capital letters (lowercase, four letters, a number).',
  ERR_ENABLERCONFIG_INVALID_MAXCOMPFACTOR:
    'Uploading an enabler configuration whose maxCompensationFactor is not a number above 0 and within its maximum (details.max).',
  ERR_ENABLERCONFIG_INVALID_LENGTHSEASON:
    'Uploading an enabler configuration whose lengthOfSeasonInMonth is not a whole number of months within its bounds (details.min, details.max).',
  ERR_ENABLERCONFIG_INVALID_LENGTHCOVERAGE:
    'Uploading an enabler configuration whose lengthOfCoverageInMonth is not a whole number of months within its bounds (details.min, details.max).',
  ERR_ENABLERCONFIG_INVALID_DAMAGETHRESHOLD:
    'Uploading an enabler configuration whose damageThreshold is neither null nor a number from 0 to 1.',
  ERR_ENABLERCONFIG_TOO_MANY_FACTORS:
    'Uploading an enabler configuration with more factors in benefitFactorsByMonth than its maximum (details.max).',
  ERR_ENABLERCONFIG_INVALID_FACTOR:
    'Uploading an enabler configuration one of whose benefitFactorsByMonth is not a number within its bounds; details.position is the first (from 1).',
  ERR_BENEFIT_FILE_INVALID:
    'An administrator starts a benefit run with an assessment file (POST /admin/benefit-runs) that does not match its format: the details list the first 100 problems, each with its row, its CSV line and field, and their count; no run is created.',
  ERR_BENEFIT_FILE_TOO_LARGE:
    'An assessment file uploaded for a benefit run is larger than 20 MB; no run is created.',
  ERR_BENEFIT_RUN_STATE:
    'An administrator approves, rejects or cancels a benefit run that is past that point (approved, paid, rejected, cancelled), resumes one that is not failed or paying, or asks for a file the run does not have yet.',
  ERR_BENEFIT_RUN_SELF_REVIEW:
    'The administrator who uploaded a benefit run approves or rejects it: another one must.',
  ERR_BENEFIT_RUN_LINKED_REVIEW:
    'An administrator approves or rejects a benefit run whose uploader brought them in (created their account or promoted it to administrator, directly or through accounts the uploader brought in), or whom they brought in: one administrator of no such line must. details.uploader names the uploader, details.link is BROUGHT_IN_BY_UPLOADER or BROUGHT_IN_UPLOADER; nothing is written.',
  ERR_BENEFIT_RUN_STALE_PREVIEW:
    'An administrator approves or rejects a benefit run whose preview was computed under an earlier version of the benefit rule: POST …/preview computes it again.',
  ERR_BENEFIT_RUN_BANK_CHANGED:
    'An administrator approves or rejects a benefit run while the bank name, branch, IFSC or account of a member it pays differs from the preview the reviewer saw; details.members counts them and details.examples names up to 10. POST …/preview computes it again.',
  ERR_PLOT_PAID_FOR_ASSESSMENT:
    "A payout is written (an administrator's, an edit that moves one to another assessment or plot) for an assessment and plot that another payout already holds: details.payoutId names it, details.runId the run that wrote it (null if none); nothing is written. A benefit run reports such a plot and leaves it unpaid; an import refuses its member.",
  ERR_PAYOUT_OF_RUN:
    "An administrator edits or deletes a payout that a benefit run wrote (details.runId): a run's payouts change only through a run (a reversal run, reviewed by a second administrator).",
  ERR_ASSESSMENT_NOT_JSON:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A JSON assessment file that is not valid JSON.',
  ERR_ASSESSMENT_COLUMN_UNKNOWN:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A CSV assessment file's header names a column an assessment does not have.",
  ERR_ASSESSMENT_COLUMN_REPEATED:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A CSV assessment file's header names a column twice.",
  ERR_ASSESSMENT_COLUMN_UNNAMED:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A CSV assessment file's header has a column without a name.",
  ERR_ASSESSMENT_COLUMN_MISSING:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A CSV assessment file's header lacks assessmentId or assessmentDate.",
  ERR_ASSESSMENT_FIELD_MISSING:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A JSON assessment file lacks assessmentId, assessmentDate or rows, or a CSV row leaves its assessmentId or assessmentDate empty.',
  ERR_ASSESSMENT_FIELD_UNKNOWN:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A JSON assessment file, or one of its rows, has a field an assessment does not have.',
  ERR_ASSESSMENT_BAD_SHAPE:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A JSON assessment file that is not an object, whose rows are not an array, or a row that is not an object.',
  ERR_ASSESSMENT_BAD_ID:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment file's assessmentId does not match its format.",
  ERR_ASSESSMENT_BAD_DATE:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment file's assessmentDate is not a day of the calendar written YYYY-MM-DD.",
  ERR_ASSESSMENT_OTHER_ASSESSMENT:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: A CSV assessment file's row gives another assessmentId or assessmentDate than most rows (the row alone is named).",
  ERR_ASSESSMENT_BAD_PLOT_ID:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row's plotId does not match the format of an id.",
  ERR_ASSESSMENT_BAD_DAMAGE_INDEX:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row's damageIndex is not a number from 0 to 1.",
  ERR_ASSESSMENT_BAD_AMOUNT:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row's benefitAmount is not an amount of 0 or more with two decimals at most.",
  ERR_ASSESSMENT_TEXT_TOO_LONG:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row's federation, village or note column is blank or longer than its limit.",
  ERR_ASSESSMENT_NO_ROWS:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment file without rows, or whose plot rows all leave damageIndex and benefitAmount empty (an unfilled template).',
  ERR_ASSESSMENT_TOO_MANY_ROWS:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment file with more than 200 000 rows.',
  ERR_ASSESSMENT_PLOT_AND_AREA:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row gives a plotId and a federation or village.',
  ERR_ASSESSMENT_NO_PLOT_NOR_AREA:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row gives no plotId, federation or village.',
  ERR_ASSESSMENT_AREA_WITHOUT_INDEX:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row of a federation or village without a damageIndex.',
  ERR_ASSESSMENT_AREA_WITH_AMOUNT:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row of a federation or village with a benefitAmount.',
  ERR_ASSESSMENT_INDEX_AND_AMOUNT:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row of a plot with both a damageIndex and a benefitAmount.',
  ERR_ASSESSMENT_UNKNOWN_PLOT:
    'Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row names a plot that does not exist (never, or deleted).',
  ERR_ASSESSMENT_OTHER_ENABLER_PLOT:
    "Listed, never answered alone, among the problems of ERR_BENEFIT_FILE_INVALID: An assessment row names a plot of another enabler than the administrator's current one.",
} as const satisfies Record<ErrorCode, string>;

/** The codes of the product spec (section 8); the others were added by this project. */
export const specErrorCodes = [
  'ERR_DUPLICATE_MEMBER',
  'ERR_INVALID_DATA_FORMAT',
  'ERR_LOGIN_INVALID',
  'ERR_LOGIN_INACTIVE',
  'ERR_NO_PLOTS',
  'ERR_FORBIDDEN_ADMIN',
  'ERR_FORBIDDEN_USER',
  'ERR_DUPLICATE_USER',
  'ERR_FILE_TOO_LONG',
  'ERR_NO_ENABLER_LOGO',
  ...enablerConfigShapeCodes,
  'ERR_REGISTRATION_FAILED',
  'ERR_RENEW_FAILED',
  'ERR_ACCOUNT_JUST_LOCKED',
  'ERR_REQUEST_TIMEOUT',
] as const satisfies readonly ErrorCode[];
