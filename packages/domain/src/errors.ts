import { z } from 'zod';

/** The error types the API answers with (PRODUCT.md, "Rules that cut across everything"). */
export const API_ERROR_TYPES = [
  'unauthorized',
  'forbidden',
  'notFound',
  'validationError',
  'conflict',
  'rateLimited',
  'other',
] as const;

export type ApiErrorType = (typeof API_ERROR_TYPES)[number];

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Every error the API sends has this shape, whatever the route. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  type: z.enum(API_ERROR_TYPES),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

export const STATUS_BY_ERROR_TYPE: Record<ApiErrorType, number> = {
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  validationError: 400,
  conflict: 409,
  rateLimited: 429,
  other: 500,
};
