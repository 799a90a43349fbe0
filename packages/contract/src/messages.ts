/** User-facing texts of SPEC.md, verbatim. Validation messages are §5; the rest are §2 and §8. */
export const validationMessages = {
  required: 'Required',
  invalidEmail: 'Invalid Email Format',
  passwordMin: 'Password must be at least 6 characters',
  passwordRequired: 'Password is required',
  passwordsMustMatch: 'Passwords must match',
  confirmPasswordRequired: 'Confirm Password is required',
  nameRequired: 'Name is required',
  phoneLength: 'Phone number must be 10 digits',
  inviteCodeRequired: 'Invite Code is required',
  otpRequired: 'OTP is required',
  otpSixDigits: 'OTP must be exactly 6 digits',
  inviteVerificationRequired: 'Invite code is Required',
  /** Server-only bounds SPEC.md leaves open. */
  passwordMax: 'Password must be at most 128 characters',
} as const;

export const uiTexts = {
  failedToCreateAssessment: 'Failed to create assessment',
  noAttempts: 'No assessment attempts found',
  explanationNotAvailable: 'Explanation is not available.',
  notAnswered: 'Not answered',
  submitConfirmTitle: 'Are you sure you want to submit the exam?',
  submitConfirmBody: 'You will not be able to make any further changes after submission.',
  submitConfirmNo: 'No, Go Back',
  submitConfirmYes: 'Yes, Submit',
  evaluating: 'Evaluating...',
  loading: 'Loading...',
  fullscreenTitle: 'Enter Fullscreen Mode',
  fullscreenHint: 'You can exit fullscreen mode at any time by pressing ESC.',
  clickQuestionHint: 'Click on any question to view explanation',
} as const;

/** Server messages: what the API says in `message`. */
export const apiMessages = {
  ok: 'ok',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  validationFailed: 'Validation failed',
  malformedJson: 'Malformed JSON in request body',
  unauthorized: 'Authentication required',
  forbidden: 'Not allowed',
  internal: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again shortly.',
} as const;
