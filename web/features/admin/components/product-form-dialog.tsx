import { FormProvider } from 'react-hook-form';
import { CATEGORIES } from '#shared/catalogue-rules';
import type { Product } from '#shared/catalogue';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { FormField, FormSelect, FormTextArea } from '../../../components/form-field.tsx';
import { useProductForm } from '../hooks/use-product-form.ts';
import { ProductPictureField } from './product-picture-field.tsx';

export interface ProductFormDialogProps {
  /** Open for a new product (`null`) or to edit one; closed when undefined. */
  product: Product | null | undefined;
  onClose: () => void;
}

/** "Add product" and "Edit": the product's fields, checked as the server checks them, and its picture. */
export function ProductFormDialog({ product, onClose }: ProductFormDialogProps) {
  const editing = product !== null && product !== undefined;
  return (
    <Dialog
      open={product !== undefined}
      title={editing ? `Edit ${product.name}` : 'Add a product'}
      description={
        editing
          ? 'Only the fields you change are saved.'
          : 'It appears in the catalogue as soon as it is saved. Add its picture now or later.'
      }
      onClose={onClose}
    >
      {product !== undefined && <ProductForm product={product} onClose={onClose} />}
    </Dialog>
  );
}

/** The product's own fields, checked as the server checks them. */
function ProductFields() {
  return (
    <>
      <FormField name="name" label="Name" markRequired autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          name="price"
          label="Price in rupees"
          inputMode="decimal"
          markRequired
          hint="The listed price, before any discount."
        />
        <FormField name="discount" label="Discount (%)" inputMode="numeric" hint="0 for none." />
        <FormSelect name="category" label="Category" markRequired>
          <option value="" disabled>
            Choose a category
          </option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </FormSelect>
        <FormField name="stock" label="Stock" inputMode="numeric" markRequired hint="Units on the shelf now." />
      </div>
      <FormTextArea name="details" label="Description" markRequired rows={4} />
    </>
  );
}

/** The form: the product's fields and its picture, and what came of sending the picture. */
function ProductForm({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const model = useProductForm(product, onClose);
  const { saved, refusal } = model;
  return (
    <FormProvider {...model.form}>
      <form
        onSubmit={model.submit}
        noValidate
        aria-label={product ? `Edit ${product.name}` : 'New product'}
        className="mt-4 space-y-4"
      >
        <ProductFields />
        <ProductPictureField
          saved={saved}
          picture={model.picture}
          error={model.pictureError}
          onChoose={model.choosePicture}
        />
        {refusal && saved && (
          <div role="alert" className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-medium">
              {saved.name} is {product ? 'saved' : 'added'}, but its picture is not: {refusal}
            </p>
            <p>Choose another picture if this one was refused, then try again. Nothing you typed is lost.</p>
            <Button
              size="sm"
              variant="secondary"
              disabled={!model.picture}
              loading={model.retrying}
              onClick={model.retryPicture}
            >
              Try the picture again
            </Button>
          </div>
        )}
        <FormError message={model.formError} />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={model.busy}>
            {saved && !product ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" loading={model.submitting}>
            {saved ? 'Save changes' : 'Add product'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
