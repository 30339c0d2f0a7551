import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { PRODUCT_MSG, type Product, type ProductInput } from '#shared/catalogue';
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

/**
 * The product form's state. A new product is created first and its picture uploaded after; when the server refuses
 * the picture the product stays created, the form stays open on it (saving again edits it) and offers to send a
 * picture again.
 */
export function useProductForm(product: Product | null, onClose: () => void) {
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
  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: formValuesOf(product),
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

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

  /** A picture chosen: checked here first (the server checks its bytes again). */
  const choosePicture = (file: File | null) => {
    const problem = file ? imageProblem(file) : null;
    setPictureError(problem ?? undefined);
    setPicture(problem ? null : file);
  };

  const retryPicture = async () => {
    if (saved && picture && (await upload(saved, picture))) done(saved);
  };

  return {
    form,
    submit: (e: FormEvent<HTMLFormElement>) => void onSubmit(e),
    submitting: isSubmitting,
    busy: isSubmitting || setImage.isPending,
    saved,
    picture,
    pictureError,
    choosePicture,
    refusal,
    retryPicture: () => void retryPicture(),
    retrying: setImage.isPending,
    formError,
  };
}
