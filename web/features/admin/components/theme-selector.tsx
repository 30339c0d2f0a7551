import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { THEMES, type Theme } from '#shared/theme-colors';
import { Button } from '../../../components/button.tsx';
import { CheckIcon } from '../../../components/icons.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { THEME_COLORS, readableText, themeQueryOptions } from '../../../lib/theme.ts';
import { useSetThemeMutation } from '../api/set-theme.ts';

const LABELS: Record<Theme, string> = {
  white: 'White',
  pink: 'Pink',
  skyblue: 'Sky blue',
  green: 'Green',
  lightblue: 'Light blue',
  lightgreen: 'Light green',
  lightyellow: 'Light yellow',
  brown: 'Brown',
  red: 'Red',
  gray: 'Gray',
  silver: 'Silver',
  gold: 'Gold',
  violet: 'Violet',
};

/** The 13 theme colours as a radio group; Save applies the choice to the whole site for every visitor. */
export function ThemeSelector() {
  const current = useQuery(themeQueryOptions());
  const mutation = useSetThemeMutation();
  const [choice, setChoice] = useState<Theme | null>(null);
  // The locally mirrored placeholder may be stale: preselect only what the server says.
  const saved = current.isPlaceholderData ? undefined : current.data;
  useEffect(() => {
    if (saved && choice === null) setChoice(saved);
  }, [saved, choice]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!choice) return;
    try {
      await mutation.mutateAsync(choice);
      toast.success(`Theme changed to ${LABELS[choice]}`);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to update theme!'));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="rounded-xl bg-white p-6 text-ink shadow-sm ring-1 ring-black/5">
      <fieldset>
        <legend className="text-lg font-semibold">Site theme</legend>
        <p className="mt-1 text-ink-muted">
          A soft tint of the colour behind every page, for every visitor. Text, buttons and links keep the house
          colours, so they stay readable on each.
        </p>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {THEMES.map((t) => {
            const bg = THEME_COLORS[t];
            const checked = choice === t;
            return (
              <label
                key={t}
                className={`relative flex cursor-pointer items-center gap-3 rounded-lg border-2 p-3 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink ${checked ? 'border-brand-700' : 'border-gray-200 hover:border-gray-400'}`}
              >
                <input
                  type="radio"
                  name="theme"
                  value={t}
                  checked={checked}
                  onChange={() => setChoice(t)}
                  className="sr-only"
                />
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-sm font-bold ring-1 ring-black/20"
                  style={{ background: bg, color: readableText(bg) }}
                >
                  Aa
                </span>
                <span className="font-medium">{LABELS[t]}</span>
                {saved === t && <span className="ml-auto text-xs font-semibold text-brand-800">Current</span>}
                {checked && <CheckIcon className="absolute top-1 right-1 h-4 w-4 text-brand-700" />}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="submit" loading={mutation.isPending} disabled={!choice || choice === saved}>
          Save theme
        </Button>
        {current.isError && (
          <p className="text-sm text-red-700">Could not read the current theme; you can still pick one.</p>
        )}
      </div>
    </form>
  );
}
