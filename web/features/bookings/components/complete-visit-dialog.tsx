import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatWhen } from '#shared/dates';
import { CompleteVisitBodySchema, BOOKING_MSG, type CompleteVisitBody, type Booking } from '#shared/bookings';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { FormField, FormTextArea } from '../../../components/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';

interface VisitForm {
  findings: string;
  treatment: string;
  medicines: string;
  weightKg: string;
  nextDueDate: string;
  nextDueReason: string;
}
const FIELDS = ['findings', 'treatment', 'medicines', 'weightKg', 'nextDueDate', 'nextDueReason'] as const;
const EMPTY: VisitForm = {
  findings: '',
  treatment: '',
  medicines: '',
  weightKg: '',
  nextDueDate: '',
  nextDueReason: '',
};
const FAILED = 'Could not record the visit. Please try again.';

/** The form's text, turned into the API's body and checked by the same schema the server uses. */
const visitFormSchema = (visitDate: string) =>
  z
    .object({
      findings: z.string(),
      treatment: z.string(),
      medicines: z.string(),
      weightKg: z.string(),
      nextDueDate: z.string(),
      nextDueReason: z.string(),
    })
    .transform((v) => ({
      ...v,
      weightKg: v.weightKg.trim() === '' ? null : Number(v.weightKg.trim()),
      nextDueDate: v.nextDueDate.trim() || null,
    }))
    .transform((v, ctx): CompleteVisitBody => {
      const body = CompleteVisitBodySchema.safeParse(v);
      if (!body.success) {
        const issues = body.error.issues.map((i) => ({ path: i.path, message: i.message }));
        // The schema checks the next-due pair only once every field parses; say it now, with the other problems.
        const reason = v.nextDueReason.trim();
        if (reason && !v.nextDueDate && !issues.some((i) => i.path[0] === 'nextDueDate'))
          issues.push({ path: ['nextDueDate'], message: BOOKING_MSG.nextDueDateRequired });
        if (!reason && v.nextDueDate && !issues.some((i) => i.path[0] === 'nextDueReason'))
          issues.push({ path: ['nextDueReason'], message: BOOKING_MSG.nextDueReasonRequired });
        for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
        return z.NEVER;
      }
      if (body.data.nextDueDate && body.data.nextDueDate <= visitDate)
        ctx.addIssue({ code: 'custom', path: ['nextDueDate'], message: BOOKING_MSG.nextDueBeforeVisit });
      return body.data;
    });

export interface CompleteVisitDialogProps {
  booking: Booking;
  submitting: boolean;
  /** Sends the visit; `failed` gets the server's error, shown in the dialog, which stays open with what was typed. */
  onSubmit: (body: CompleteVisitBody, failed: (err: unknown) => void) => void;
  onClose: () => void;
}

/** Staff record what happened at a visit: notes, the weight and, optionally, when the pet is due back and why. */
export function CompleteVisitDialog({ booking, submitting, onSubmit, onClose }: CompleteVisitDialogProps) {
  const schema = useMemo(() => visitFormSchema(booking.date), [booking.date]);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<VisitForm, unknown, CompleteVisitBody>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { handleSubmit, setError } = form;

  const failed = (err: unknown) => {
    setServerError(errorMessage(err, FAILED));
    if (err instanceof ApiError)
      for (const d of err.details ?? []) {
        const field = FIELDS.find((f) => d.path === f || d.path.endsWith(`.${f}`));
        if (field) setError(field, { message: d.message });
      }
  };

  return (
    <Dialog
      open
      title="Complete visit"
      description={
        <p className="text-sm text-ink-muted">
          {booking.petName} ({booking.ownerName}), {booking.service.name}, {formatWhen(booking.date, booking.time)}.
          Every field may be left empty; the owner sees this record on the pet&apos;s page.
        </p>
      }
      onClose={onClose}
      dismissible={!submitting}
    >
      <FormProvider {...form}>
        <form
          noValidate
          className="mt-5 space-y-4"
          onSubmit={(e) =>
            void handleSubmit((body) => {
              setServerError(null);
              onSubmit(body, failed);
            })(e)
          }
        >
          {serverError && (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-900 ring-1 ring-red-200">
              {serverError}
            </p>
          )}
          <FormTextArea name="findings" label="Findings" className="min-h-20" />
          <FormTextArea name="treatment" label="Treatment" className="min-h-20" />
          <FormTextArea name="medicines" label="Medicines" className="min-h-20" />
          <FormField name="weightKg" label="Weight (kg)" inputMode="decimal" autoComplete="off" />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField name="nextDueDate" type="date" label="Next due on" />
            <FormField name="nextDueReason" label="Next due for" hint='For example "Rabies booster"' />
          </div>
          <div className="flex flex-wrap justify-end gap-3 pt-2">
            <Button variant="secondary" onClick={onClose} disabled={submitting}>
              Close
            </Button>
            <Button type="submit" loading={submitting}>
              Record visit
            </Button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
