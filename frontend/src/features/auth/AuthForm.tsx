import type { FormEvent, ReactNode } from 'react';
import { useHydrated } from '../../components/useHydrated';

/**
 * A form of the sign-in screens. Prerendered, it arrives before the code that sends it; until that code has taken the
 * page over, its fields and button are disabled: a tap on the button would otherwise submit it natively, a GET of the
 * same page with the e-mail and the password in the address (history, logs), and what was typed would be lost.
 */
export function AuthForm({ label, onSubmit, children }: { label: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} aria-label={label}>
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        {children}
      </fieldset>
    </form>
  );
}
