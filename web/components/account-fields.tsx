import { FormField, type FormFieldProps } from './form-field.tsx';

type AccountFieldProps = Omit<FormFieldProps, 'name' | 'label' | 'type' | 'markRequired' | 'hint'> & {
  name?: string;
  label?: string;
};

/** The required e-mail field of the account forms (login, sign up, forgotten password), bound to `email`. */
export function EmailField({ name = 'email', label = 'Email', ...rest }: AccountFieldProps) {
  return <FormField name={name} label={label} type="email" autoComplete="email" markRequired {...rest} />;
}

/** A new password the user chooses, with the spec's rule as its hint; bound to `password` unless named. */
export function NewPasswordField({ name = 'password', label = 'New password', ...rest }: AccountFieldProps) {
  return (
    <FormField
      name={name}
      label={label}
      type="password"
      autoComplete="new-password"
      markRequired
      hint="At least 6 characters."
      {...rest}
    />
  );
}

/** The new password typed a second time, bound to `confirmPassword`. */
export function ConfirmPasswordField({
  name = 'confirmPassword',
  label = 'Confirm new password',
  ...rest
}: AccountFieldProps) {
  return <FormField name={name} label={label} type="password" autoComplete="new-password" markRequired {...rest} />;
}
