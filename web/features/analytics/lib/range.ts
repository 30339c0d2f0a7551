import { useSearchParams } from 'react-router';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_PRESETS, lastDays, rangeProblem } from '#shared/analytics';
import { isRealDate, todayIn } from '#shared/dates';
import { usePublicConfig } from '../../../lib/public-config.ts';

export type Preset = (typeof ANALYTICS_PRESETS)[number];

/** The range on screen: the last `preset` days (today included), or a custom one (preset null). */
export interface ChosenRange {
  preset: Preset | null;
  from: string;
  to: string;
}

const isPreset = (n: number): n is Preset => (ANALYTICS_PRESETS as readonly number[]).includes(n);

/**
 * The chosen range, kept in the URL (`?days=7`, or `?from=YYYY-MM-DD&to=YYYY-MM-DD`) so it survives a reload and can
 * be shared; anything that does not parse means the default, the last 30 days. Days are the clinic's: "today" is
 * today in its time zone, known once the public configuration has loaded (undefined until then).
 */
export function useChosenRange() {
  const [params, setParams] = useSearchParams();
  const config = usePublicConfig();
  const timeZone =
    config.data?.slot.timeZone ?? (config.isError ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined);

  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const days = Number(params.get('days'));
  let range: ChosenRange | undefined;
  if (isRealDate(from) && isRealDate(to) && !rangeProblem(from, to)) range = { preset: null, from, to };
  else if (timeZone) {
    const preset = isPreset(days) ? days : (ANALYTICS_DEFAULT_DAYS as Preset);
    range = { preset, ...lastDays(todayIn(timeZone), preset) };
  }

  return {
    range,
    timeZone,
    choosePreset: (preset: Preset) =>
      setParams(preset === ANALYTICS_DEFAULT_DAYS ? {} : { days: String(preset) }, { replace: true }),
    chooseCustom: (custom: { from: string; to: string }) => setParams(custom, { replace: true }),
  };
}
