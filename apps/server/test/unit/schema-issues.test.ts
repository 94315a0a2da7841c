import { englishOf, SERVER_MESSAGES } from '@quits/contract';
import { codedIssue } from '@server/http/schema-issues';
import { describe, expect, it } from 'vitest';

describe('the code of a schema issue', () => {
  it('is the catalogue’s own when the schema wrote one of its texts', () => {
    expect(codedIssue('custom', SERVER_MESSAGES.same_payer_payee)).toEqual({
      code: 'same_payer_payee',
    });
    expect(codedIssue('too_small', 'Please fill out to continue.', { minimum: 1 })).toEqual({
      code: 'fill_out',
    });
  });

  it('is the one a check named, with what fills it', () => {
    const said = codedIssue('custom', 'The payers’ amounts…', {
      params: { code: 'payers_sum', params: { amount: 300, sum: 200 } },
    });
    expect(said).toEqual({ code: 'payers_sum', params: { amount: 300, sum: 200 } });
    expect(englishOf(said)).toBe(
      "The payers' amounts must add up to the amount (300); they add up to 200.",
    );
  });

  it('says a bound by what was measured', () => {
    const long = codedIssue('too_big', 'Must be at most 64 characters.', {
      origin: 'string',
      maximum: 64,
    });
    expect(long).toEqual({ code: 'too_long', params: { max: 64 } });
    expect(codedIssue('too_small', 'x', { origin: 'string', minimum: 1 })).toEqual({
      code: 'required',
    });
    expect(codedIssue('too_small', 'x', { origin: 'number', minimum: 0 })).toEqual({
      code: 'too_small',
      params: { min: 0 },
    });
    expect(codedIssue('too_big', 'x', { origin: 'array', maximum: 50 })).toEqual({
      code: 'list_too_long',
      params: { max: 50 },
    });
    expect(codedIssue('too_big', 'x', { origin: 'number' })).toEqual({ code: 'invalid_value' });
  });

  it('falls back to the kind of issue, and never to a code the app cannot word', () => {
    expect(
      codedIssue('invalid_type', 'Invalid input: expected string, received undefined'),
    ).toEqual({ code: 'required' });
    expect(codedIssue('invalid_type', 'Invalid input: expected string, received number')).toEqual({
      code: 'invalid_type',
    });
    expect(codedIssue('unrecognized_keys', 'x')).toEqual({ code: 'unknown_field' });
    expect(codedIssue('something_new', undefined)).toEqual({ code: 'invalid_value' });
    expect(codedIssue('custom', 'x', { params: { code: 'not_a_code' } })).toEqual({
      code: 'invalid_value',
    });
  });
});
