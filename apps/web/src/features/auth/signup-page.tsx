import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Checkbox, Divider, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ApiError } from '@mc/api';
import { MAX_LENGTH, MSG, SignUpSchema } from '@mc/domain';
import { IconBrandGoogleFilled, IconInfoCircle, IconLogin } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { z } from 'zod';
import { BirthDateFields } from '../../components/birth-date-fields.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { OIDC_START_PATH, signUpWithLabel, useOidcConfig } from './api/get-oidc-config.ts';
import { useSignUp } from './api/sign-up.ts';
import { AuthError } from './components/auth-error.tsx';
import { AuthLayout } from './components/auth-layout.tsx';

type SignUpFormInput = z.input<typeof SignUpSchema>;
type SignUpFormOutput = z.output<typeof SignUpSchema>;

export const EMAIL_EXISTS_MESSAGE = MSG.SIGN_UP_EMAIL_EXISTS;
export const GOOGLE_NOT_CONFIGURED_MESSAGE =
  'Google sign-in is not configured on this server. Please sign up with your email address.';

/** Renders the spec's sentence with its 'Forgot your password' part as a link to /forgot. */
function EmailExistsMessage() {
  const linkText = 'Forgot your password';
  const at = EMAIL_EXISTS_MESSAGE.indexOf(linkText);
  if (at < 0) return <>{EMAIL_EXISTS_MESSAGE}</>;
  return (
    <>
      {EMAIL_EXISTS_MESSAGE.slice(0, at)}
      <Anchor component={Link} to="/forgot" fw={600} inherit>
        {linkText}
      </Anchor>
      {EMAIL_EXISTS_MESSAGE.slice(at + linkText.length)}
    </>
  );
}

/** /signup: names, birth date, email, password, terms; Google; link to sign in. */
/** The request fields this form shows; the server's messages for them go under them. */
const SIGN_UP_FIELDS = ['first_name', 'last_name', 'email', 'password', 'birthday'] as const;

export function SignUpPage() {
  const [, navigate] = useLocation();
  const signUp = useSignUp();
  const oidc = useOidcConfig();
  // A sign-in the identity provider or the server refused comes back here with its reason.
  const [search] = useSearchParams();
  const oidcError = search.get('oidc_error');
  const [emailExists, setEmailExists] = useState(false);
  const [googleUnavailable, setGoogleUnavailable] = useState(false);
  const form = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { first_name: '', last_name: '', email: '', password: '', birthday: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(({ terms: _terms, ...body }) => {
    setEmailExists(false);
    signUp.mutate(body, {
      onSuccess: () => {
        notifySuccess('Your account was created. Please sign in.');
        navigate('/login', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setEmailExists(true);
          return;
        }
        if (error instanceof ApiError && error.status === 400)
          applyFieldErrors(error, form.setError, { only: SIGN_UP_FIELDS });
        notifyError(error);
      },
    });
  });

  const handleGoogle = () => {
    if (oidc.data?.enabled ?? oidc.data?.google) {
      window.location.assign(oidc.data?.start_path ?? OIDC_START_PATH);
      return;
    }
    setGoogleUnavailable(true);
  };

  return (
    <AuthLayout title="Create your merchant account" subtitle="Start receiving marketplace orders." wide>
      <Stack gap="md">
        <Button
          variant="default"
          size="md"
          fullWidth
          leftSection={
            oidc.data?.enabled && !oidc.data.google ? (
              <IconLogin size={18} aria-hidden="true" />
            ) : (
              <IconBrandGoogleFilled size={18} aria-hidden="true" />
            )
          }
          onClick={handleGoogle}
          loading={oidc.isPending}
        >
          {signUpWithLabel(oidc.data)}
        </Button>
        <AuthError message={oidcError} />
        {googleUnavailable ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
            {GOOGLE_NOT_CONFIGURED_MESSAGE}
          </Alert>
        ) : null}
        <Divider label="or sign up with email" labelPosition="center" />
        <form onSubmit={handleSubmit} noValidate aria-label="Sign up">
          <Stack gap="md">
            <AuthError message={emailExists ? <EmailExistsMessage /> : null} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                label="First name"
                maxLength={MAX_LENGTH.name}
                autoComplete="given-name"
                error={errors.first_name?.message}
                {...form.register('first_name')}
              />
              <TextInput
                label="Last name"
                maxLength={MAX_LENGTH.name}
                autoComplete="family-name"
                error={errors.last_name?.message}
                {...form.register('last_name')}
              />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="birthday"
              render={({ field, fieldState }) => (
                <BirthDateFields
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextInput
              label="Email address"
              maxLength={MAX_LENGTH.email}
              type="email"
              autoComplete="email"
              placeholder="you@store.com"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              description="At least 10 characters."
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Controller
              control={form.control}
              name="terms"
              render={({ field, fieldState }) => (
                <Checkbox
                  ref={field.ref}
                  name={field.name}
                  checked={field.value === true}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  label={
                    <>
                      I accept the{' '}
                      <Anchor href="/terms" target="_blank" rel="noopener noreferrer" inherit>
                        Merchant Terms and Conditions
                      </Anchor>
                    </>
                  }
                />
              )}
            />
            <Button type="submit" size="md" fullWidth loading={signUp.isPending}>
              Sign Up
            </Button>
            <Text ta="center" fz="sm" c="dimmed">
              Already have an account?{' '}
              <Anchor component={Link} to="/login" fw={600} inherit>
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Stack>
    </AuthLayout>
  );
}
