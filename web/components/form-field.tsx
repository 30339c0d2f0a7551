import type { ChangeEvent, FocusEvent } from 'react';
import {
  get,
  useFormContext,
  useFormState,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
} from 'react-hook-form';
import {
  SelectField,
  TextAreaField,
  TextField,
  type SelectFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './field.tsx';

interface Bound<T extends FieldValues> {
  /** The form value the control holds (a path such as `hours.mon.open` for a nested one). */
  name: FieldPath<T>;
  /** Passed to react-hook-form's register (valueAsNumber, deps…); the form's schema does the checking. */
  rules?: RegisterOptions<T, FieldPath<T>>;
  /**
   * What is shown under the field for its error message: a shorter word for a form-wide message, or nothing while
   * the field does not count. The message itself by default.
   */
  showError?: (message: string | undefined) => string | undefined;
}

/**
 * Registers a control of the surrounding <FormProvider> form and reads its error. The caller's own onChange and onBlur
 * run after the form's.
 */
function useBound<T extends FieldValues, E extends HTMLElement>(
  { name, rules, showError }: Bound<T>,
  onChange?: (e: ChangeEvent<E>) => void,
  onBlur?: (e: FocusEvent<E>) => void,
) {
  const { register, control } = useFormContext<T>();
  const { errors } = useFormState({ control, name });
  const message = get<typeof errors, FieldError | undefined>(errors, name)?.message;
  const registration = register(name, rules);
  return {
    ...registration,
    onChange: (e: ChangeEvent<E>) => {
      const done = registration.onChange(e);
      onChange?.(e);
      return done;
    },
    onBlur: (e: FocusEvent<E>) => {
      const done = registration.onBlur(e);
      onBlur?.(e);
      return done;
    },
    error: showError ? showError(message) : message,
  };
}

export type FormFieldProps<T extends FieldValues = FieldValues> = Omit<TextFieldProps, 'name' | 'error' | 'ref'> &
  Bound<T>;

/** A labelled input bound to its form by name: its value, its error, and the error's aria wiring (see TextField). */
export function FormField<T extends FieldValues = FieldValues>({
  name,
  rules,
  showError,
  onChange,
  onBlur,
  ...rest
}: FormFieldProps<T>) {
  const bound = useBound<T, HTMLInputElement>({ name, rules, showError }, onChange, onBlur);
  return <TextField {...rest} {...bound} />;
}

export type FormTextAreaProps<T extends FieldValues = FieldValues> = Omit<
  TextAreaFieldProps,
  'name' | 'error' | 'ref'
> &
  Bound<T>;

/** A labelled multi-line input bound to its form by name. */
export function FormTextArea<T extends FieldValues = FieldValues>({
  name,
  rules,
  showError,
  onChange,
  onBlur,
  ...rest
}: FormTextAreaProps<T>) {
  const bound = useBound<T, HTMLTextAreaElement>({ name, rules, showError }, onChange, onBlur);
  return <TextAreaField {...rest} {...bound} />;
}

export type FormSelectProps<T extends FieldValues = FieldValues> = Omit<SelectFieldProps, 'name' | 'error' | 'ref'> &
  Bound<T>;

/** A labelled select bound to its form by name. */
export function FormSelect<T extends FieldValues = FieldValues>({
  name,
  rules,
  showError,
  onChange,
  onBlur,
  ...rest
}: FormSelectProps<T>) {
  const bound = useBound<T, HTMLSelectElement>({ name, rules, showError }, onChange, onBlur);
  return <SelectField {...rest} {...bound} />;
}
