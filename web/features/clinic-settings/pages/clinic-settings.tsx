import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { toast } from '../../../lib/toast.ts';
import { CLINIC_MSG, type ClinicSettingsSaved } from '#shared/clinic-settings';
import { CLINIC_SETTINGS_EVENT } from '#shared/realtime';
import { todayIn } from '#shared/dates';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { Card, PageShell } from '../../../components/page-shell.tsx';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { clinicSettingsKey, useClinicSettings } from '../../../lib/clinic-settings.ts';
import { placeRefusal } from '../../../lib/form-refusal.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { useSaveClinicSettings } from '../api/save-clinic-settings.ts';
import { BookingRules } from '../components/booking-rules.tsx';
import { ShopLimits } from '../components/shop-limits.tsx';
import { TaxSetup } from '../components/tax-setup.tsx';
import { ClosuresEditor } from '../components/closures-editor.tsx';
import { SavedOutcome } from '../components/saved-outcome.tsx';
import { WeeklyHours } from '../components/weekly-hours.tsx';
import {
  formPaths,
  formValuesOf,
  settingsOf,
  settingsResolver,
  type SettingsFormValues,
} from '../lib/settings-form.ts';

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
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { isDirty },
  } = form;
  const save = useSaveClinicSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ClinicSettingsSaved | null>(null);

  // Another admin saved meanwhile: show their settings, unless this form holds changes not saved yet.
  useSocketEvent(CLINIC_SETTINGS_EVENT, (settings) => {
    queryClient.setQueryData(clinicSettingsKey, settings);
    if (!isDirty) reset(formValuesOf(settings));
  });

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
          <BookingRules />
        </Card>

        <Card as="section" className="space-y-4">
          <h2 className="text-xl font-semibold">Shop orders</h2>
          <p className="text-sm text-ink-muted">
            Unpaid orders hold their products; these limits keep one customer from taking the whole shelf.
          </p>
          <ShopLimits />
        </Card>

        <Card as="section" className="space-y-4">
          <h2 className="text-xl font-semibold">Tax and invoices</h2>
          <p className="text-sm text-ink-muted">
            Printed on every GST invoice and credit note. A new prefix starts a new series of numbers.
          </p>
          <TaxSetup />
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

      {outcome && <SavedOutcome outcome={outcome} />}
    </FormProvider>
  );
}
