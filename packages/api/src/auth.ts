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
  first_name: z.string().min(1).optional(),
  last_name: z.string().min(1).optional(),
  email: z.string().optional(),
  phone_number: z.string().optional(),
  password: z.string().optional(),
  new_password: z.string().optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const OkSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type Ok = z.infer<typeof OkSchema>;
