/** A form's refusal that no single field shows, above its buttons; nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
