import { useSearchParams } from 'react-router';
import { DateSchema } from '#shared/common';
import { mondayOf } from '../lib/agenda-week.ts';

export type AgendaMode = 'list' | 'week';

/**
 * Whether the agenda shows as a list or as a week, and which week, kept in the address (`?view=week&week=`) beside
 * the filters. The week is the one of `week`, else of the day filter, else this one; any day names its week.
 */
export function useAgendaMode(today: string, dayFilter: string) {
  const [params, setParams] = useSearchParams();
  const mode: AgendaMode = params.get('view') === 'week' ? 'week' : 'list';
  const rawWeek = params.get('week') ?? '';
  const monday = mondayOf(DateSchema.safeParse(rawWeek).success ? rawWeek : dayFilter || today);

  const write = (next: AgendaMode, week?: string) => {
    const out = new URLSearchParams(params);
    out.delete('week');
    if (next === 'week') out.set('view', 'week');
    else out.delete('view');
    if (next === 'week' && week) out.set('week', week);
    setParams(out, { replace: true });
  };

  return {
    mode,
    monday,
    thisWeek: mondayOf(today),
    setMode: (next: AgendaMode) => write(next),
    setWeek: (week: string) => write('week', week),
  };
}
