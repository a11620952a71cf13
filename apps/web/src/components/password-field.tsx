import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { MAX_LENGTH } from '@mc/domain';
import { forwardRef, useState } from 'react';

/**
 * Password input with a keyboard-reachable show/hide toggle whose label says what it does
 * (Mantine's toggle is skipped by Tab and unlabelled by default).
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <PasswordInput
        ref={ref}
        maxLength={MAX_LENGTH.password}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleButtonProps={{
          'aria-label': visible ? 'Hide password' : 'Show password',
          tabIndex: 0,
        }}
        {...props}
      />
    );
  },
);
