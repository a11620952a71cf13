import { z } from 'zod';

/** Every error the API answers with: `{message, errors?}`. */
export const ErrorBodySchema = z
  .object({
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
