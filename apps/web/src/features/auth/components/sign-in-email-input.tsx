import { TextInput, type TextInputProps } from '@mantine/core';
import { MAX_LENGTH } from '@mc/domain';
import { forwardRef } from 'react';

/** The email a person signs in with: the first field of Sign In and of Forgot password, focused on arrival. */
export const SignInEmailInput = forwardRef<HTMLInputElement, TextInputProps>(
  function SignInEmailInput(props, ref) {
    return (
      <TextInput
        ref={ref}
        label="Email"
        maxLength={MAX_LENGTH.email}
        type="email"
        autoComplete="email"
        placeholder="you@store.com"
        autoFocus
        {...props}
      />
    );
  },
);
