import { CARE_STATE_LABEL, type CareState } from '#shared/vaccines';

const TONE: Record<CareState, string> = {
  overdue: 'bg-red-100 text-red-900 ring-red-300',
  due_soon: 'bg-amber-100 text-amber-950 ring-amber-300',
  not_started: 'bg-gray-100 text-gray-800 ring-gray-300',
  up_to_date: 'bg-green-100 text-green-900 ring-green-300',
};

/** A protocol's state in words and colour: Overdue, Due soon, Not started, Up to date. */
export function CareStateBadge({ state, prefix }: { state: CareState; prefix?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[state]}`}
    >
      {prefix ? `${prefix}: ` : ''}
      {CARE_STATE_LABEL[state]}
    </span>
  );
}
