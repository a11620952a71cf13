import { optionalPasswordSchema, text } from '@mc/domain';
import { z } from 'zod';

export const UserSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    birthday: z.string().nullable(),
    date_created: z.string(),
    last_login: z.string().nullable(),
    userRoles: z.array(z.string()),
    aux_data: z.object({ authorized_merchant: z.string().nullable() }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const UpdateUserBodySchema = z.object({
  first_name: text('name').min(1).optional(),
  last_name: text('name').min(1).optional(),
  email: text('email').optional(),
  phone_number: text('phone').optional(),
  password: text('password').optional(),
  new_password: optionalPasswordSchema(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const OkSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type Ok = z.infer<typeof OkSchema>;
