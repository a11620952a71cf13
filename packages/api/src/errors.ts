import { z } from 'zod';

/** Every error the API answers with: `{message, errors?, request_id?}` (request_id on a 5xx). */
export const ErrorBodySchema = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    request_id: z
      .string()
      .optional()
      .describe('On a 5xx: the id of the request (also its X-Request-Id header), to quote when reporting it'),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
