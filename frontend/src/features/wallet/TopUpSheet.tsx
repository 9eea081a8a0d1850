/**
 * The Top Up sheet of the app home (overlay 'topup'). Contract: rendered only while open; calls onClose
 * when dismissed or after a successful top-up. Built by the Wallet issue.
 */
export function TopUpSheet({ onClose }: { onClose: () => void }) {
  return (
    <div role="dialog" aria-modal="true" aria-label="Top Up" className="fixed inset-0 z-50 flex items-end justify-center bg-black/40">
      <div className="w-full max-w-md rounded-t-2xl bg-white p-6">
        <h2 className="text-lg font-semibold">Top Up</h2>
        <p className="mt-2 text-slate-600">Top-ups are not available yet.</p>
        <button type="button" onClick={onClose} className="mt-4 w-full rounded-lg bg-slate-100 py-2 font-medium">Close</button>
      </div>
    </div>
  );
}
