import { describe, expect, it } from 'vitest';
import { negotiate } from '../../app/rest/negotiation.js';
import { validationDetails } from '../../app/rest/validation-details.js';
import { compact } from '../../handlers/rest/v1/shared/compact.js';

describe('negotiate', () => {
  const json = ['application/json'];
  it.each([undefined, '', '*/*', 'application/*', 'application/json', 'text/html, */*;q=0.1'])('accepts %s as JSON', (accept) => {
    expect(negotiate(accept, json)).toBe('application/json');
  });

  it('refuses what the operation cannot produce, and q=0', () => {
    expect(negotiate('text/html', json)).toBeUndefined();
    expect(negotiate('application/json;q=0', json)).toBeUndefined();
  });

  it('prefers the highest quality among supported types', () => {
    expect(negotiate('application/json;q=0.5, text/csv', ['application/json', 'text/csv'])).toBe('text/csv');
  });
});

describe('validationDetails', () => {
  it('names nested body fields, missing and extra properties and headers by declared name', () => {
    const details = validationDetails(
      [
        { instancePath: '/requestBody/items/0/quantity', keyword: 'minimum', message: 'must be >= 1', params: {}, schemaPath: '' },
        { instancePath: '/requestBody', keyword: 'required', message: '', params: { missingProperty: 'currency' }, schemaPath: '' },
        { instancePath: '/requestBody', keyword: 'additionalProperties', message: '', params: { additionalProperty: 'x' }, schemaPath: '' },
        { instancePath: '/headers', keyword: 'required', message: '', params: { missingProperty: 'idempotency-key' }, schemaPath: '' },
        { instancePath: '/query/status', keyword: 'enum', message: '', params: { allowedValues: ['A', 'B'] }, schemaPath: '' },
      ],
      ['Idempotency-Key'],
    );
    expect(details).toEqual([
      { field: 'items[0].quantity', message: 'must be >= 1' },
      { field: 'currency', message: 'is required' },
      { field: 'x', message: 'is not an allowed property' },
      { field: 'Idempotency-Key', message: 'is required' },
      { field: 'status', message: 'must be one of: A, B' },
    ]);
  });
});

describe('compact', () => {
  it('omits null and undefined but keeps falsy values', () => {
    expect(compact({ a: 0, b: '', c: false, d: null, e: undefined })).toEqual({ a: 0, b: '', c: false });
  });
});
