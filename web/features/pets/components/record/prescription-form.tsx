import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PrescriptionBodySchema, type Prescription } from '#shared/pet-record';
import { Button } from '../../../../components/button.tsx';
import { SelectField, TextAreaField, TextField } from '../../../../components/field.tsx';
import { answer, client, errorMessage } from '../../../../lib/api-client.ts';
import { useWritePrescription } from '../../api/record.ts';

const FIELDS = [
  'drug',
  'strength',
  'dose',
  'frequency',
  'durationDays',
  'quantity',
  'refills',
  'instructions',
] as const;
type Field = (typeof FIELDS)[number];
const LABELS: Record<Field, string> = {
  drug: 'Drug',
  strength: 'Strength',
  dose: 'Dose',
  frequency: 'How often',
  durationDays: 'For how many days',
  quantity: 'Quantity to dispense',
  refills: 'Refills allowed',
  instructions: 'Instructions',
};
const NUMBERS = new Set<Field>(['durationDays', 'quantity', 'refills']);

/** The shop's active products, to name the one a prescription dispenses. */
function useShopProducts() {
  return useQuery({
    queryKey: ['pets', 'record', 'shop-products'],
    queryFn: ({ signal }) => answer(client.GET('/api/products', { params: { query: { limit: 100 } }, signal })),
    staleTime: 60_000,
  });
}

/** Staff write a prescription, or correct one (the form starts from it; the corrected one stays, marked). */
export function PrescriptionForm({
  petId,
  correcting,
  onDone,
}: {
  petId: string;
  correcting: Prescription | null;
  onDone: () => void;
}) {
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    drug: correcting?.drug ?? '',
    strength: correcting?.strength ?? '',
    dose: correcting?.dose ?? '',
    frequency: correcting?.frequency ?? '',
    durationDays: correcting ? String(correcting.durationDays) : '',
    quantity: correcting ? String(correcting.quantity) : '',
    refills: correcting ? String(correcting.refills) : '0',
    instructions: correcting?.instructions ?? '',
  }));
  const [productId, setProductId] = useState(correcting?.productId ? String(correcting.productId) : '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const products = useShopProducts();
  const save = useWritePrescription(petId);

  const submit = () => {
    const input = Object.fromEntries(
      FIELDS.map((f) => [f, NUMBERS.has(f) ? (values[f].trim() === '' ? undefined : Number(values[f])) : values[f]]),
    );
    const body = PrescriptionBodySchema.safeParse({
      ...input,
      productId: productId ? Number(productId) : null,
      correctsId: correcting?.id ?? null,
    });
    if (!body.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of body.error.issues) {
        const f = issue.path[0] as Field;
        if (FIELDS.includes(f) && !found[f]) found[f] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setProblem(null);
    save.mutate(
      { ...body.data },
      {
        onSuccess: onDone,
        onError: (err) => setProblem(errorMessage(err, 'Could not save the prescription. Please try again.')),
      },
    );
  };

  const field = (f: Field, extra: { inputMode?: 'numeric'; hint?: string } = {}) => (
    <TextField
      label={LABELS[f]}
      value={values[f]}
      onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value }))}
      error={errors[f]}
      autoComplete="off"
      markRequired
      {...extra}
    />
  );

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
          {problem}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('drug')}
        {field('strength', { hint: 'For example "1.5 mg/ml"' })}
        {field('dose', { hint: 'For example "0.5 ml"' })}
        {field('frequency', { hint: 'For example "once a day"' })}
        {field('durationDays', { inputMode: 'numeric' })}
        {field('quantity', { inputMode: 'numeric' })}
        {field('refills', { inputMode: 'numeric' })}
        <SelectField
          label="Shop product"
          hint="When the shop sells it, an approved refill goes into the customer's cart"
          value={productId}
          onChange={(e) => setProductId(e.target.value)}
        >
          <option value="">Not sold in the shop</option>
          {(products.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label={LABELS.instructions}
        value={values.instructions}
        onChange={(e) => setValues((v) => ({ ...v, instructions: e.target.value }))}
        error={errors.instructions}
        className="min-h-20"
      />
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {correcting ? 'Save correction' : 'Write prescription'}
        </Button>
      </div>
    </form>
  );
}
