import { TextField, type TextFieldProps } from './field.tsx';

type AccountFieldProps = Omit<TextFieldProps, 'label' | 'type' | 'markRequired' | 'hint'> & { label?: string };

/** The required e-mail field of the account forms (login, sign up, forgotten password). */
export function EmailField({ label = 'Email', ...rest }: AccountFieldProps) {
  return <TextField label={label} type="email" autoComplete="email" markRequired {...rest} />;
}

/** A new password the user chooses, with the spec's rule as its hint. */
export function NewPasswordField({ label = 'New password', ...rest }: AccountFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      markRequired
      hint="At least 6 characters."
      {...rest}
    />
  );
}

/** The new password typed a second time. */
export function ConfirmPasswordField({ label = 'Confirm new password', ...rest }: AccountFieldProps) {
  return <TextField label={label} type="password" autoComplete="new-password" markRequired {...rest} />;
}
