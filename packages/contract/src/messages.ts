/** Every user-visible text of docs/product.md, copied exactly (typos included where the spec says so). */
export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  invalidCredentials: 'These credentials do not match our records.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  sessionExpired: 'Your session expired.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  validationFailed: 'The given data was invalid.',
  malformedRequest: 'The request could not be understood.',
  serverError: 'Something went wrong. Please try again.',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  requestTooLarge: 'The request is too large.',
  unsupportedMediaType: 'Unsupported media type.',
  /** GET /readyz while the database does not answer (for load balancers and operators). */
  databaseUnavailable: 'Database unavailable.',

  maintenance: "Sorry, we're down for scheduled maintenance.",
  maintenancePage: "Sorry, we're down for scheduled maintenance right now",
  appUnlinked: (app: string) => `App unlinked (your session may be expired). Click here to link ${app}.`,

  noToken: 'No token provided.',
  externalLoginFailed: 'We could not log you in. Please try with your credentials.',
  unknownApp: 'Unknown app.',
  pleaseWait: 'Please wait...',
  signUpSuccess: 'Your sing up was successful!',
  anotherDevice: 'This session expired because you have logged in from another device.',

  logoSaved: 'Logo saved!',
  logoDeleted: 'Logo deleted!',
  logoSaveFailed: 'Oops! Could not save the logo.',
  settingsFetchFailed: 'Oops! Could not fetch system settings.',
  dataFetchFailed: 'Oops! Could not fetch the data.',
  biAccountFailed: 'Could not update BI account',
  profileReadFailed: 'Oops! Could not read your profile.',
  settingsSaveFailed: 'Oops! Could not save the settings.',
  dashboardFetchFailed: 'Oops! Could not fetch the dashboard.',
  dashboardsFetchFailed: 'Oops! Could not get your dashboards.',
  userCreated: 'User created successfully.',
  userUpdated: 'User updated successfully.',
  noRecords: 'There are no records to display.',

  settingsTitle: (name: string) => `Settings - ${name}`,
  addedOn: (date: string) => `Added on ${date}`,
  deleteUserConfirm: (name: string) => `Are you sure you want to delete ${name}?`,
  deleteUserExplained:
    "'Delete' frees the user's email for re-registration; 'Delete & Block' locks the user out and prevents re-registration.",
  deleteRemoteAccount: 'Also delete from NSBI (if exists)',
  deleteRemoteFolders: 'Delete Folders (if exist)',
  restoreUserConfirm: (name: string) => `Are you sure you want to restore ${name}?`,

  forbiddenPage: "We're sorry, but you don't have access to this page.",
  notFoundPage: "We're sorry, but the page you were looking for doesn't exist.",
  unauthorizedPage: "We're sorry, but you are not authorized to view this page.",
  logInWithAnotherAccount: 'Log In with another account',

  chunkLoadFailed: (chunk: string) => `Loading chunk ${chunk} failed`,
  /**
   * docs/product.md §8: "by email (and phone if provided)". Email only: no phone on file, no SMS
   * gateway, or the text could not be sent (docs/decisions/0037-security-codes-by-sms.md).
   */
  securityCodeSent: 'We sent a security code to your email. It expires in a few minutes.',
  /** The code went by email and by text to the user's primary phone; `ending`: its last two digits. */
  securityCodeSentToEmailAndPhone: (ending: string) =>
    `We sent a security code to your email and to the phone ending ${ending}. It expires in a few minutes.`,
  /** Signing in again within the resend cooldown: no new mail is sent, the earlier code still works. */
  securityCodeStillValid:
    'We sent you a security code a moment ago and it is still valid: enter the code from that email.',
  /** The same, when that code also went by text. */
  securityCodeStillValidWithPhone: (ending: string) =>
    `We sent you a security code a moment ago and it is still valid: enter the code from that email or from the text to the phone ending ${ending}.`,
  securityCodeHelp: (email: string) => `Didn't get a code? Contact us at ${email}.`,
  /** docs/product.md §8 help text, on the sign-in page itself. */
  contactVendor: 'Trouble signing in? Contact the vendor at',
} as const;

/** docs/product.md §5 / docs/api.md "Messages": `{Label} is a required field`. */
export const required = (label: string) => `${label} is a required field`;
export const VALIDATION = {
  passwordTooShort: 'Password is too short (min 6)',
  passwordTooLong: 'Password is too long (max 15)',
  passwordsMustMatch: 'Passwords must match',
  phoneMinDigits: 'Phone number must be at least 10 digits',
  phoneOnlyNumbers: 'Enter a valid phone number (only numbers)',
  roleRequired: 'Role is a required field',
  invalidEmail: (label: string) => `${label} must be a valid email`,
  /** 422: NUL or a lone UTF-16 surrogate, which the database cannot store. */
  unstorableText: 'This text contains characters that are not allowed.',
  /** 422: an id above the largest the database holds (2^31−1). */
  idOutOfRange: 'This id does not exist.',
  currentPasswordRequired: 'Current password is a required field',
  currentPasswordWrong: 'The current password is incorrect.',
  passwordTooCommon: 'This password is too common.',
} as const;
