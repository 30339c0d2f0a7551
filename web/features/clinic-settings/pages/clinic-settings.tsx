import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { toast } from 'react-toastify';
import { CLINIC_LIMITS, CLINIC_MSG, formatNotice, type ClinicSettingsSaved } from '#shared/clinic-settings';
import { CLINIC_SETTINGS_EVENT } from '#shared/realtime';
import { todayIn } from '#shared/dates';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { OutsideHoursList } from '../../../components/outside-hours-list.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { clinicSettingsKey, useClinicSettings } from '../../../lib/clinic-settings.ts';
import { placeRefusal } from '../../../lib/form-refusal.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { useSaveClinicSettings } from '../api/save-clinic-settings.ts';
import { ClosuresEditor } from '../components/closures-editor.tsx';
import { WeeklyHours } from '../components/weekly-hours.tsx';
import {
  formPaths,
  formValuesOf,
  settingsOf,
  settingsResolver,
  type SettingsFormValues,
} from '../lib/settings-form.ts';

const noticeHint = (text: string, minutes: string) => {
  const n = Number(minutes);
  return Number.isInteger(n) && n > 0 ? `${text} ${n} minutes = ${formatNotice(n)}.` : `${text} 0 = none.`;
};

/**
 * /admin/settings: the clinic's weekly hours, booking rules and closed days, saved whole. A save applies to the next
 * booking at once; the bookings the new hours leave outside are listed right after (none is canceled).
 */
export default function ClinicSettingsPage() {
  const query = useClinicSettings();
  return (
    <PageShell
      title="Clinic settings"
      intro="Opening hours, booking rules and the days the clinic is closed. A change applies to new bookings at once; existing bookings are never canceled."
      width="normal"
    >
      {query.isPending ? (
        <LoadingState label="Loading the clinic settings…" />
      ) : query.isError ? (
        <ErrorState message="We could not load the clinic settings." onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm initial={formValuesOf(query.data)} />
      )}
    </PageShell>
  );
}

function SettingsForm({ initial }: { initial: SettingsFormValues }) {
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const today = todayIn(config.data?.slot.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  // The first field in the page's order takes the focus on a refusal (onInvalid), not the first one registered.
  const form = useForm<SettingsFormValues>({
    resolver: settingsResolver,
    defaultValues: initial,
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    watch,
    formState: { errors, isDirty },
  } = form;
  const save = useSaveClinicSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ClinicSettingsSaved | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  // Another admin saved meanwhile: show their settings, unless this form holds changes not saved yet.
  useSocketEvent(CLINIC_SETTINGS_EVENT, (settings) => {
    queryClient.setQueryData(clinicSettingsKey, settings);
    if (!isDirty) reset(formValuesOf(settings));
  });

  useEffect(() => {
    if (outcome) resultRef.current?.focus();
  }, [outcome]);

  const onInvalid = (errs: FieldErrors<SettingsFormValues>) => {
    setOutcome(null);
    setProblem('Please correct the highlighted fields.');
    const first = [...formPaths(form.getValues())].find((p) =>
      p.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], errs),
    );
    if (first) setFocus(first as Path<SettingsFormValues>);
  };

  const onSubmit = (v: SettingsFormValues) => {
    setProblem(null);
    save.mutate(settingsOf(v), {
      onSuccess: (saved) => {
        reset(formValuesOf(saved.settings));
        setOutcome(saved);
        toast.success(CLINIC_MSG.saved);
      },
      onError: (err) => {
        setOutcome(null);
        const paths = formPaths(v);
        setProblem(placeRefusal(err, paths, setError, {}, 'Could not save the clinic settings. Please try again.'));
        // The first field the server named, in the page's order, takes the focus.
        const named = new Set(err instanceof ApiError ? (err.details ?? []).map((d) => d.path) : []);
        const first = [...paths].find((p) => named.has(p));
        if (first) setFocus(first as Path<SettingsFormValues>);
      },
    });
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void handleSubmit(onSubmit, onInvalid)(e)} className="space-y-6">
        <Card as="section" className="space-y-4">
          <h2 className="text-xl font-semibold">Opening hours</h2>
          <p className="text-sm text-ink-muted">
            Customers book times inside these hours, clinic-local. Untick a day the clinic does not open.
          </p>
          <WeeklyHours />
        </Card>

        <Card as="section" className="space-y-4">
          <h2 className="text-xl font-semibold">Booking rules</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              type="number"
              inputMode="numeric"
              label="Slot length (minutes)"
              min={CLINIC_LIMITS.slotMinutes.min}
              max={CLINIC_LIMITS.slotMinutes.max}
              hint="Times start this often. Existing bookings keep their times."
              error={errors.slotMinutes?.message}
              {...register('slotMinutes')}
            />
            <TextField
              type="number"
              inputMode="numeric"
              label="Booking window (days)"
              min={CLINIC_LIMITS.bookingWindowDays.min}
              max={CLINIC_LIMITS.bookingWindowDays.max}
              hint="How far ahead customers may book."
              error={errors.bookingWindowDays?.message}
              {...register('bookingWindowDays')}
            />
            <TextField
              type="number"
              inputMode="numeric"
              label="Booking notice (minutes)"
              min={CLINIC_LIMITS.noticeMinutes.min}
              max={CLINIC_LIMITS.noticeMinutes.max}
              hint={noticeHint('How soon a booking may start at the earliest.', watch('bookingNoticeMinutes'))}
              error={errors.bookingNoticeMinutes?.message}
              {...register('bookingNoticeMinutes')}
            />
            <TextField
              type="number"
              inputMode="numeric"
              label="Change notice (minutes)"
              min={CLINIC_LIMITS.noticeMinutes.min}
              max={CLINIC_LIMITS.noticeMinutes.max}
              hint={noticeHint(
                'Customers may move or cancel a booking until this long before it starts; staff always may.',
                watch('changeNoticeMinutes'),
              )}
              error={errors.changeNoticeMinutes?.message}
              {...register('changeNoticeMinutes')}
            />
            <TextField
              type="number"
              inputMode="numeric"
              label="Upcoming bookings per customer"
              min={CLINIC_LIMITS.maxOpenBookings.min}
              max={CLINIC_LIMITS.maxOpenBookings.max}
              hint="The most pending or confirmed bookings one customer may hold."
              error={errors.maxOpenBookings?.message}
              {...register('maxOpenBookings')}
            />
          </div>
        </Card>

        <Card as="section" className="space-y-4">
          <h2 className="text-xl font-semibold">Closed days</h2>
          <p className="text-sm text-ink-muted">
            Holidays, training days, repairs: customers see the clinic closed on these days, with the reason.
          </p>
          <ClosuresEditor today={today} />
        </Card>

        <FormError message={problem} />
        <Button type="submit" size="lg" loading={save.isPending} className="w-full sm:w-auto">
          Save settings
        </Button>
      </form>

      {outcome && (
        <section aria-labelledby="saved-title" className="mt-8 space-y-3">
          <h2 id="saved-title" ref={resultRef} tabIndex={-1} className="themed text-xl font-semibold outline-none">
            {CLINIC_MSG.saved}
          </h2>
          {outcome.outsideHoursTotal === 0 ? (
            <p className="themed">Every upcoming booking is within the opening hours.</p>
          ) : (
            <>
              <p className="themed">
                {outcome.outsideHoursTotal === 1
                  ? '1 upcoming booking is now outside the opening hours or on a closed day.'
                  : `${outcome.outsideHoursTotal} upcoming bookings are now outside the opening hours or on a closed day.`}{' '}
                They are not canceled: staff see them on their dashboard to move or cancel with each customer.
              </p>
              <OutsideHoursList items={outcome.outsideHours} label="Bookings outside the opening hours" />
            </>
          )}
        </section>
      )}
    </FormProvider>
  );
}
