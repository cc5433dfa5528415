import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorMessage, fieldErrorText, splitIntoWords, visibleError } from './error-messages';
import { namePattern } from './validators';

describe('errorMessage', () => {
  it('maps the named keys', () => {
    expect(errorMessage('NoneOf')).toBe('Already Exists');
    expect(errorMessage('Unique')).toBe('Duplicate Name');
  });

  it('shows the name pattern error as the special characters message', () => {
    const key = namePattern('bad!');
    expect(key).not.toBeNull();
    expect(errorMessage(key ?? '')).toBe('Special characters are not allowed!');
  });

  it.each([
    ['MultiEmailInvalid', 'Multi Email Invalid'],
    ['invalidPercentage', 'Invalid Percentage'],
    ['required', 'Required'],
    ['atleastOneWeekDayMustBeSelected', 'Atleast One Week Day Must Be Selected'],
    ['maxlength', 'Maxlength'],
    ['digits_only', 'Digits only'],
  ])('splits %s into words', (key, expected) => {
    expect(errorMessage(key)).toBe(expected);
    expect(splitIntoWords(key)).toBe(expected);
  });
});

describe('visibleError', () => {
  it('shows an error only once the control is touched', () => {
    expect(visibleError('required', false)).toBeNull();
    expect(visibleError('required', true)).toBe('Required');
    expect(visibleError(null, true)).toBeNull();
  });
});

describe('fieldErrorText', () => {
  it("shows the field's first error key as text, else the error's message", () => {
    expect(fieldErrorText(new ApiError(400, 'Bad request', { labelName: ['NoneOf'] }), 'labelName')).toBe('Already Exists');
    expect(fieldErrorText(new ApiError(400, 'Bad request', { tagName: ['NoneOf'] }), 'labelName')).toBe('Bad request');
    expect(fieldErrorText('offline', 'labelName')).toBe('offline');
  });
});
