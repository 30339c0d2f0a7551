import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { CATEGORIES } from '#shared/catalogue-rules';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MIMES,
  PRODUCT_MSG,
  type Product,
  type ProductInput,
} from '#shared/catalogue';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { placeRefusal } from '../../../lib/form-refusal.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { useSetProductImage } from '../api/set-product-image.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import {
  changedFields,
  formValuesOf,
  imageProblem,
  PRODUCT_FIELDS,
  productFormSchema,
  type ProductFormValues,
} from '../lib/product-form.ts';

const SAVE_FAILED = 'Could not save the product. Please try again.';
const PICTURE_FAILED = 'Could not upload the picture. Please try again.';
const NOTHING_TO_CHANGE = 'Nothing has changed yet.';

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

/**
 * A preview of a chosen file, as an object URL revoked when it is replaced or the form closes. Only a file the browser
 * can decode is previewed: there is nothing to show of other bytes (the server refuses them with its own message),
 * and Chrome reports an <img> of undecodable blob bytes as a Content-Security-Policy violation.
 */
function useFilePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file || typeof URL.createObjectURL !== 'function') return;
    let cancelled = false;
    let objectUrl: string | null = null;
    const show = () => {
      if (cancelled) return;
      objectUrl = URL.createObjectURL(file);
      setUrl(objectUrl);
    };
    if (typeof createImageBitmap === 'function')
      createImageBitmap(file).then(
        (bitmap) => {
          bitmap.close();
          show();
        },
        () => {},
      );
    else show();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);
  return url;
}

/**
 * The form. A new product is created first and its picture uploaded after; when the server refuses the picture the
 * product stays created, the form stays open on it (saving again edits it) and offers to send a picture again.
 */
function ProductForm({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const setImage = useSetProductImage();
  // The product as the server holds it: null until a new one is created.
  const [saved, setSaved] = useState<Product | null>(product);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  // Why the picture sent with the saved product was refused, until a picture is accepted.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const preview = useFilePreview(picture);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: formValuesOf(product),
  });
  const busy = isSubmitting || setImage.isPending;

  const done = (p: Product) => {
    toast.success(product ? `${p.name} saved` : `${p.name} added`);
    onClose();
  };

  /** Sends the chosen picture; on a refusal says why by the picture and keeps everything typed. */
  const upload = async (target: Product, file: File): Promise<boolean> => {
    try {
      setSaved(await setImage.mutateAsync({ id: target.id, file }));
      setRefusal(null);
      setPictureError(undefined);
      return true;
    } catch (err) {
      const message = errorMessage(err, PICTURE_FAILED);
      setPictureError(message);
      setRefusal(message);
      return false;
    }
  };

  /** The server's answer next to the field it is about; anything else above the buttons. */
  const showRefusal = (err: unknown) =>
    setFormError(placeRefusal(err, PRODUCT_FIELDS, setError, { [PRODUCT_MSG.nameTaken]: 'name' }, SAVE_FAILED));

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    let target = saved;
    try {
      if (!target) {
        target = await create.mutateAsync(values);
        setSaved(target);
      } else {
        const changes = changedFields(target, values);
        if (Object.keys(changes).length === 0 && !picture) {
          setFormError(NOTHING_TO_CHANGE);
          return;
        }
        if (Object.keys(changes).length > 0) {
          target = await update.mutateAsync({ id: target.id, changes });
          setSaved(target);
        }
      }
    } catch (err) {
      showRefusal(err);
      return;
    }
    if (picture && !(await upload(target, picture))) return;
    done(target);
  });

  const retryPicture = async () => {
    if (saved && picture && (await upload(saved, picture))) done(saved);
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={product ? `Edit ${product.name}` : 'New product'}
      className="mt-4 space-y-4"
    >
      <TextField label="Name" markRequired autoComplete="off" error={errors.name?.message} {...register('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price in rupees"
          inputMode="decimal"
          markRequired
          hint="The listed price, before any discount."
          error={errors.price?.message}
          {...register('price')}
        />
        <TextField
          label="Discount (%)"
          inputMode="numeric"
          hint="0 for none."
          error={errors.discount?.message}
          {...register('discount')}
        />
        <SelectField label="Category" markRequired error={errors.category?.message} {...register('category')}>
          <option value="" disabled>
            Choose a category
          </option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Stock"
          inputMode="numeric"
          markRequired
          hint="Units on the shelf now."
          error={errors.stock?.message}
          {...register('stock')}
        />
      </div>
      <TextAreaField
        label="Description"
        markRequired
        rows={4}
        error={errors.details?.message}
        {...register('details')}
      />
      <div className="space-y-2">
        <TextField
          label="Picture"
          type="file"
          accept={PRODUCT_IMAGE_MIMES.join(',')}
          hint={`PNG, JPEG or WebP, at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.${saved ? ' A new one replaces the current picture.' : ''}`}
          error={pictureError}
          className="file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-900"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0] ?? null;
            const problem = file ? imageProblem(file) : null;
            setPictureError(problem ?? undefined);
            setPicture(problem ? null : file);
          }}
        />
        {preview ? (
          <img src={preview} alt="Preview of the chosen picture" className="h-32 w-32 rounded-xl object-cover" />
        ) : (
          saved && (
            <img
              src={saved.image}
              alt={`Current picture of ${saved.name}`}
              className="h-32 w-32 rounded-xl bg-gray-50 object-contain"
            />
          )
        )}
      </div>
      {refusal && saved && (
        <div role="alert" className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">
            {saved.name} is {product ? 'saved' : 'added'}, but its picture is not: {refusal}
          </p>
          <p>Choose another picture if this one was refused, then try again. Nothing you typed is lost.</p>
          <Button
            size="sm"
            variant="secondary"
            disabled={!picture}
            loading={setImage.isPending}
            onClick={() => void retryPicture()}
          >
            Try the picture again
          </Button>
        </div>
      )}
      <FormError message={formError} />
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {saved && !product ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {saved ? 'Save changes' : 'Add product'}
        </Button>
      </div>
    </form>
  );
}
