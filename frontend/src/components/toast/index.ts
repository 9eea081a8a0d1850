/**
 * Toasts (docs/design.md, "Constants"): one visible at a time, 5000 ms by default, destructive style for errors,
 * swipe 50 px sideways to dismiss, F8 focuses the region, at most 420 px wide.
 *
 *   import { toast } from '../components/toast';
 *   toast({ title: 'Top Up Failed', description: message, variant: 'destructive' });
 *
 * `<Toaster />` is mounted once in routes/__root.tsx.
 */
export { toast,     } from './store';
export { Toaster } from './Toaster';
