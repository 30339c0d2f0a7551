/** Whether a catalogue entry (a product, a service) is on offer: Active or Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        active ? 'bg-green-100 text-green-900' : 'bg-gray-200 text-gray-800'
      }`}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
