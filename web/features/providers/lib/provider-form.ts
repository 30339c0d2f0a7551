import { z } from 'zod';
import { WEEKDAY_NAME, WEEKDAYS } from '#shared/clinic-settings';
import type { Provider, ProviderCreateInput, ProviderUpdate, WeeklyHours } from '#shared/providers';

export const ProviderFormSchema = z
  .object({
    userId: z.string(),
    displayName: z.string().trim().min(1, 'Display name is required'),
    qualifications: z.string(),
    languages: z.string(),
    bio: z.string(),
    photoUrl: z.string().trim(),
    serviceIds: z.array(z.string()),
    days: z.array(z.object({ works: z.boolean(), open: z.string(), close: z.string() })),
  })
  .superRefine((v, ctx) => {
    v.days.forEach((d, i) => {
      if (d.works && !(d.open < d.close))
        ctx.addIssue({ code: 'custom', path: ['days', i, 'close'], message: 'Must be after the start.' });
    });
  });
export type ProviderFormValues = z.infer<typeof ProviderFormSchema>;

/** The weekdays as the form lists them, Monday first, with their names. */
export const DAYS = WEEKDAYS.map((d, i) => ({ weekday: i + 1, name: WEEKDAY_NAME[d] }));

/** The form's start: a provider's fields, or an empty profile working the clinic's usual day. */
export function formValuesOf(p: Provider | null): ProviderFormValues {
  return {
    userId: p?.userId ?? '',
    displayName: p?.displayName ?? '',
    qualifications: p?.qualifications ?? '',
    languages: p?.languages.join(', ') ?? '',
    bio: p?.bio ?? '',
    photoUrl: p?.photoUrl ?? '',
    serviceIds: p?.serviceIds ?? [],
    days: DAYS.map(({ weekday }) => {
      const h = p?.weeklyHours.find((x) => x.weekday === weekday);
      return h ? { works: true, open: h.open, close: h.close } : { works: !p, open: '09:00', close: '17:00' };
    }),
  };
}

/** The week the form describes, as the API takes it. */
const weekOf = (v: ProviderFormValues): WeeklyHours[] =>
  v.days.flatMap((d, i) => (d.works ? [{ weekday: i + 1, open: d.open, close: d.close }] : []));

const languagesOf = (text: string) =>
  text
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);

/** POST /api/providers from the form. */
export function createBody(v: ProviderFormValues): ProviderCreateInput {
  return {
    userId: v.userId,
    displayName: v.displayName,
    serviceIds: v.serviceIds,
    weeklyHours: weekOf(v),
    qualifications: v.qualifications,
    languages: languagesOf(v.languages),
    bio: v.bio,
    photoUrl: v.photoUrl || null,
  };
}

/** PUT /api/providers/{id} from the form: the fields that differ from the provider's. */
export function changesOf(p: Provider, v: ProviderFormValues): ProviderUpdate {
  const next = createBody(v);
  const changes: ProviderUpdate = {};
  if (next.displayName !== p.displayName) changes.displayName = next.displayName;
  if (next.qualifications !== p.qualifications) changes.qualifications = next.qualifications;
  if (next.bio !== p.bio) changes.bio = next.bio;
  if ((next.photoUrl ?? null) !== p.photoUrl) changes.photoUrl = next.photoUrl ?? null;
  if (JSON.stringify(next.languages) !== JSON.stringify(p.languages)) changes.languages = next.languages;
  if (JSON.stringify([...next.serviceIds].sort()) !== JSON.stringify([...p.serviceIds].sort()))
    changes.serviceIds = next.serviceIds;
  if (JSON.stringify(next.weeklyHours) !== JSON.stringify(p.weeklyHours)) changes.weeklyHours = next.weeklyHours;
  return changes;
}

/** 'Mon 09:00-17:00, Tue 09:00-17:00' (or 'No hours'). */
export const weekWords = (week: WeeklyHours[]) =>
  week.map((h) => `${DAYS[h.weekday - 1]!.name.slice(0, 3)} ${h.open}-${h.close}`).join(', ') || 'No hours';
