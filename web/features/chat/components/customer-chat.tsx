/** The customer's chat box (placeholder until the chat feature lands). */
export function CustomerChat({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  if (!open) return null;
  return (
    <section aria-label="Chat with support" className="fixed right-4 bottom-4 z-40 w-80 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-4 text-ink shadow-xl ring-1 ring-black/10">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold">Chat with support</h2>
        <button type="button" className="rounded px-2 py-1 text-sm font-medium hover:bg-gray-100" onClick={() => onOpenChange(false)}>
          Close
        </button>
      </div>
      <p className="mt-2 text-sm">Live chat with our team is coming soon.</p>
    </section>
  );
}
