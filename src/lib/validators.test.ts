import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  email,
  integerInRange,
  loginEmailError,
  loginPasswordError,
  maxLength,
  multiEmail,
  NAME_PATTERN,
  namePattern,
  percentage,
  required,
  validate,
} from './validators';

describe('required', () => {
  it.each([null, undefined, '', '   '])('rejects %j', (value) => {
    expect(required(value)).toBe('required');
  });

  it.each(['a', 0, ' x '])('accepts %j', (value) => {
    expect(required(value)).toBeNull();
  });
});

describe('name pattern', () => {
  it.each(['Checkout', 'login_flow-2', 'a', 'Smoke test 1', 'x  y', '_hidden', '-dash', 'trailing '])('accepts %j', (value) => {
    expect(namePattern(value)).toBeNull();
    expect(NAME_PATTERN.test(value)).toBe(true);
  });

  it.each([' leading', 'semi;colon', 'dot.name', 'slash/name', 'émoji', 'tab\tname', 'quote"', 'name!'])('rejects %j', (value) => {
    expect(namePattern(value)).toBe('pattern');
  });

  it('leaves an empty value to required', () => {
    expect(namePattern('')).toBeNull();
    expect(validate('', required, namePattern)).toBe('required');
    expect(validate('bad!', required, namePattern)).toBe('pattern');
    expect(validate('good', required, namePattern)).toBeNull();
  });
});

describe('multi-email', () => {
  it.each(['a@example.com', 'a@example.com,b@example.org', 'a@example.com; b@example.org', 'a@x.io;b@y.io,c@z.io', 'a@example.com;', ''])(
    'accepts %j',
    (value) => {
      expect(multiEmail(value)).toBeNull();
    },
  );

  it.each(['a@example.com b@example.org', 'not-an-email', 'a@example.com,nope', 'a@@b.com', '@example.com;a@b.c', 'a b@c.com'])(
    'rejects %j with MultiEmailInvalid',
    (value) => {
      expect(multiEmail(value)).toBe('MultiEmailInvalid');
    },
  );
});

describe('email', () => {
  it('accepts an address and rejects anything else with invalidEmail', () => {
    expect(email('ops@example.com')).toBeNull();
    expect(email('ops@example')).toBeNull();
    expect(email('ops.example.com')).toBe('invalidEmail');
  });
});

describe('percentage', () => {
  it.each(['0', '7', '50', '100', ''])('accepts %j', (value) => {
    expect(percentage(value)).toBeNull();
  });

  it.each(['101', '-1', '5.5', '1e2', 'abc', ' 5', '1000'])('rejects %j with invalidPercentage', (value) => {
    expect(percentage(value)).toBe('invalidPercentage');
  });

  it('accepts numbers too', () => {
    expect(percentage(100)).toBeNull();
    expect(percentage(101)).toBe('invalidPercentage');
  });
});

describe('digits, lengths and ranges', () => {
  it('digitsOnly', () => {
    expect(digitsOnly('0123')).toBeNull();
    expect(digitsOnly('12a')).toBe('digitsOnly');
    expect(digitsOnly('-1')).toBe('digitsOnly');
  });

  it('maxLength counts characters', () => {
    expect(maxLength(6)('123456')).toBeNull();
    expect(maxLength(6)('1234567')).toBe('maxlength');
    expect(maxLength(255)('x'.repeat(256))).toBe('maxlength');
  });

  it('integerInRange checks digits first, then bounds', () => {
    const stepTimeout = integerInRange(1, 600);
    expect(stepTimeout('1')).toBeNull();
    expect(stepTimeout('600')).toBeNull();
    expect(stepTimeout('0')).toBe('outOfRange');
    expect(stepTimeout('601')).toBe('outOfRange');
    expect(stepTimeout('1.5')).toBe('digitsOnly');
  });
});

describe('login form', () => {
  it('e-mail: required, then format', () => {
    expect(loginEmailError('')).toBe('Email is required');
    expect(loginEmailError('  ')).toBe('Email is required');
    expect(loginEmailError('tester')).toBe('Invalid email format');
    expect(loginEmailError('Tester@Example.com')).toBeNull();
  });

  it('password: required', () => {
    expect(loginPasswordError('')).toBe('Password is required');
    expect(loginPasswordError(' ')).toBeNull();
  });
});
