import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { fieldErrorsOf, unplacedErrors } from './field-errors';

describe('the API field errors', () => {
  it('are kept by dotted path, the first message of a field winning', () => {
    const error = new ApiError({
      status: 400,
      type: 'validationError',
      message: 'Please check the form',
      sentToken: true,
      errors: [
        { field: 'wines.0.priceCents', code: 'tooBig', message: 'Too big' },
        { field: 'wines.0.priceCents', code: 'invalid', message: 'Second' },
        { field: 'name', code: 'required', message: 'Required' },
      ],
    });
    expect(fieldErrorsOf(error)).toEqual({ 'wines.0.priceCents': 'Too big', name: 'Required' });
    expect(fieldErrorsOf(new Error('network'))).toEqual({});
  });

  it('name the ones no field of the form shows', () => {
    expect(unplacedErrors({ name: 'Required', 'metaData.x': 'Bad' }, (path) => path === 'name')).toEqual(['metaData.x: Bad']);
  });
});
