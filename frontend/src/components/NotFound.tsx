import { Link, useLocation } from '@tanstack/react-router';

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <div className="max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-slate-600">
          Did you forget to add the page to the router? No route matches <code className="rounded bg-slate-100 px-1">{pathname}</code>;
          routes live in <code className="rounded bg-slate-100 px-1">frontend/src/routes/</code>.
        </p>
        <Link to="/" className="mt-6 inline-block font-medium text-brand-700 hover:underline">Back to home</Link>
      </div>
    </main>
  );
}
