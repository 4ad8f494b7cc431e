import type { FieldError } from '@winery/domain';
import { ApiError } from '../../shared/api-error.js';
import { API_MESSAGES } from '../../shared/api-messages.js';

/** One thing wrong with a staff write, named by its field. */
export const problem = (field: string, code: string, message: string): FieldError => ({ field, code, message });

/** A 400 naming every problem found, under the general validation message. */
export const invalid = (errors: FieldError[]) => new ApiError('validationError', API_MESSAGES.validation, errors);
