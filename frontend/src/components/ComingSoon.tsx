import { Link } from '@tanstack/react-router';

/** A screen whose feature is still to be built says so plainly. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-600">This screen is not available yet.</p>
        <Link to="/" className="mt-6 inline-block font-medium text-brand-700 hover:underline">Back to home</Link>
      </div>
    </main>
  );
}
