import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordSchema } from '@mc/domain';
import { useForm } from 'react-hook-form';

const NewPasswordSchema = ResetPasswordSchema.pick({ new_password: true });

/**
 * The form of a page whose link's only question is the new password (an invitation, a password reset):
 * one field, checked by the domain's password rule, and the props of its password input.
 */
export function useNewPasswordForm() {
  const form = useForm<{ new_password: string }>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { new_password: '' },
  });
  const passwordInput = {
    autoComplete: 'new-password',
    autoFocus: true,
    error: form.formState.errors.new_password?.message,
    ...form.register('new_password'),
  };
  return { form, passwordInput };
}
