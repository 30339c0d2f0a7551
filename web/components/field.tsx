import { useId, type ComponentProps, type ReactNode } from 'react';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

const inputBase =
  'block w-full rounded-md border bg-white px-3 py-2 text-ink shadow-sm placeholder:text-gray-500 disabled:bg-gray-100 aria-[invalid=true]:border-red-600';

function FieldShell({ id, label, error, hint, required, children }: FieldShellProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shows the required marker without turning on the browser's own validation bubble. */
  markRequired?: boolean;
}

/** A labelled input; its error is tied to it with aria-describedby and aria-invalid. */
export function TextField({ label, error, hint, markRequired, className = '', ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={markRequired || rest.required}>
      <input
        id={id}
        className={`${inputBase} ${error ? 'border-red-600' : 'border-gray-300'} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends Omit<ComponentProps<'textarea'>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  markRequired?: boolean;
}

/** A labelled multi-line input. */
export function TextAreaField({ label, error, hint, markRequired, className = '', ...rest }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={markRequired || rest.required}>
      <textarea
        id={id}
        className={`${inputBase} min-h-28 ${error ? 'border-red-600' : 'border-gray-300'} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  markRequired?: boolean;
}

/** A labelled select. */
export function SelectField({ label, error, hint, markRequired, className = '', children, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={markRequired || rest.required}>
      <select
        id={id}
        className={`${inputBase} ${error ? 'border-red-600' : 'border-gray-300'} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}
