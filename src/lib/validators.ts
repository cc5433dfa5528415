/**
 * Form validators of spec part 1 §5 and part 2 §5. Each is a pure function of the control's value that
 * returns an error key (shown through error-messages.ts) or null. Only `required` reacts to an empty value,
 * so validators compose: validate(value, required, namePattern).
 */
export type FieldValue = string | number | null | undefined;
export type Validator = (value: FieldValue) => string | null;

/** Letters, digits, underscore and hyphen; spaces are allowed after the first character. */
export const NAME_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9_ -]*$/;

/** The WHATWG <input type="email"> pattern: the address shape browsers accept, dotless hosts included. */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const DIGITS = /^\d+$/;
const EMAIL_LIST_SEPARATOR = /[,;]/;

export const ERROR_KEYS = {
  required: 'required',
  pattern: 'pattern',
  multiEmail: 'MultiEmailInvalid',
  email: 'invalidEmail',
  percentage: 'invalidPercentage',
  digits: 'digitsOnly',
  maxLength: 'maxlength',
  range: 'outOfRange',
} as const;

function text(value: FieldValue): string {
  return value === null || value === undefined ? '' : String(value);
}

function isEmpty(value: FieldValue): boolean {
  return text(value).trim() === '';
}

/** A value of spaces only is missing too: names are trimmed before saving. */
export const required: Validator = (value) => (isEmpty(value) ? ERROR_KEYS.required : null);

export const namePattern: Validator = (value) => (isEmpty(value) || NAME_PATTERN.test(text(value)) ? null : ERROR_KEYS.pattern);

export const email: Validator = (value) => (isEmpty(value) || EMAIL_PATTERN.test(text(value).trim()) ? null : ERROR_KEYS.email);

/** Addresses split by comma or semicolon; empty entries (a trailing separator) are ignored. */
export const multiEmail: Validator = (value) => {
  const addresses = text(value)
    .split(EMAIL_LIST_SEPARATOR)
    .map((address) => address.trim())
    .filter((address) => address !== '');
  return addresses.every((address) => EMAIL_PATTERN.test(address)) ? null : ERROR_KEYS.multiEmail;
};

export const digitsOnly: Validator = (value) => (isEmpty(value) || DIGITS.test(text(value)) ? null : ERROR_KEYS.digits);

/** Digits only, 0 to 100. */
export const percentage: Validator = (value) =>
  isEmpty(value) || (DIGITS.test(text(value)) && Number(text(value)) <= 100) ? null : ERROR_KEYS.percentage;

export function maxLength(limit: number): Validator {
  return (value) => (text(value).length > limit ? ERROR_KEYS.maxLength : null);
}

/** A whole number between min and max inclusive; digits only. */
export function integerInRange(min: number, max: number): Validator {
  return (value) => {
    if (isEmpty(value)) return null;
    if (!DIGITS.test(text(value))) return ERROR_KEYS.digits;
    const number = Number(text(value));
    return number >= min && number <= max ? null : ERROR_KEYS.range;
  };
}

/** The first error of the validators in order, or null. */
export function validate(value: FieldValue, ...validators: readonly Validator[]): string | null {
  for (const validator of validators) {
    const error = validator(value);
    if (error) return error;
  }
  return null;
}

/** Login form messages are shown as they are (spec part 1 §5 Login). */
export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
} as const;

export function loginEmailError(value: string): string | null {
  if (isEmpty(value)) return LOGIN_MESSAGES.emailRequired;
  return EMAIL_PATTERN.test(value.trim()) ? null : LOGIN_MESSAGES.emailInvalid;
}

export function loginPasswordError(value: string): string | null {
  return value === '' ? LOGIN_MESSAGES.passwordRequired : null;
}
