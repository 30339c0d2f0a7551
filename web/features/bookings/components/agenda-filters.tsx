import { useSearchParams } from 'react-router';
import { DateSchema } from '#shared/common';
import { type BookingListQuery } from '#shared/bookings';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { Card } from '../../../components/page-shell.tsx';
import { useOfferings } from '../../../lib/offerings.ts';

/** The statuses staff filter the agenda by, in the order the menu offers them. */
const STATUS_OPTIONS = [
  ['active', 'All but canceled'],
  ['pending', 'Pending'],
  ['confirmed', 'Confirmed'],
  ['overdue', 'Needs outcome'],
  ['completed', 'Completed'],
  ['no_show', 'No-show'],
  ['canceled', 'Canceled'],
] as const;
export type AgendaStatus = (typeof STATUS_OPTIONS)[number][0];
const DEFAULT_STATUS: AgendaStatus = 'active';

const FILTER_KEYS = ['status', 'serviceId', 'date'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isStatus = (v: string | null): v is AgendaStatus => STATUS_OPTIONS.some(([s]) => s === v);

export interface AgendaFilterValues {
  status: AgendaStatus;
  /** '' for every service. */
  serviceId: string;
  /** 'YYYY-MM-DD', or '' for today and the days after. */
  date: string;
}

/**
 * The agenda's filters, kept in the URL (`?status=&serviceId=&date=`) so a filtered view can be reloaded, shared
 * and returned to with Back. Values that do not parse are ignored, as if absent.
 */
export function useAgendaFilters() {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status');
  const rawOffering = params.get('serviceId') ?? '';
  const rawDate = params.get('date') ?? '';
  const values: AgendaFilterValues = {
    status: isStatus(rawStatus) ? rawStatus : DEFAULT_STATUS,
    serviceId: UUID.test(rawOffering) ? rawOffering : '',
    date: DateSchema.safeParse(rawDate).success ? rawDate : '',
  };

  const query: BookingListQuery = { sort: 'appointment', status: values.status };
  if (values.serviceId) query.serviceId = values.serviceId;
  // One day, even a past one; without it the agenda starts today (overdue bookings: every past day).
  if (values.date) query.date = values.date;

  /** The address with these filters, and what else it holds (the list or week view) kept. */
  function write(next: AgendaFilterValues) {
    const out = new URLSearchParams();
    if (next.status !== DEFAULT_STATUS) out.set('status', next.status);
    if (next.serviceId) out.set('serviceId', next.serviceId);
    if (next.date) out.set('date', next.date);
    for (const [k, v] of params) if (!FILTER_KEYS.includes(k)) out.append(k, v);
    setParams(out, { replace: true });
  }

  const filtered = values.status !== DEFAULT_STATUS || !!values.serviceId || !!values.date;
  return {
    values,
    query,
    set: (next: Partial<AgendaFilterValues>) => write({ ...values, ...next }),
    filtered,
    clear: () => write({ status: DEFAULT_STATUS, serviceId: '', date: '' }),
  };
}

export type AgendaFiltersState = ReturnType<typeof useAgendaFilters>;

/** The service, status and day pickers above the agenda; the week view picks its days itself, without the day. */
export function AgendaFilters({ filters, showDay = true }: { filters: AgendaFiltersState; showDay?: boolean }) {
  const services = useOfferings();
  const { values, set } = filters;
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-4">
      <SelectField label="Service" value={values.serviceId} onChange={(e) => set({ serviceId: e.target.value })}>
        <option value="">All services</option>
        {services.data?.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Status"
        value={values.status}
        onChange={(e) => set({ status: isStatus(e.target.value) ? e.target.value : DEFAULT_STATUS })}
      >
        {STATUS_OPTIONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      {showDay && (
        <TextField
          type="date"
          label="Day"
          hint={values.date ? undefined : values.status === 'overdue' ? 'Empty: every day' : 'Empty: today and after'}
          value={values.date}
          onChange={(e) => set({ date: e.target.value })}
        />
      )}
      <div className="flex items-end">
        <Button variant="ghost" onClick={filters.clear} disabled={!filters.filtered}>
          Clear filters
        </Button>
      </div>
    </Card>
  );
}
