import { z } from 'zod';

/** The failure envelope of every API error (ARCHITECTURE.md "API contract"). */
export const errorResponse = z.object({
  errorCode: z.string(),
  errorMessage: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** The success envelope of every mutation. */
export const mutationResponse = <T extends z.ZodType>(data: T) =>
  z.object({ successCode: z.string(), successMessage: z.string(), data });

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 25;

/** Query parameters every list accepts; areas add their own filters beside them. */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ordering: z
    .string()
    .regex(/^-?[A-Za-z_][A-Za-z0-9_]*$/, 'Use a field name, or -field for descending order.')
    .optional(),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    results: z.array(item),
  });
