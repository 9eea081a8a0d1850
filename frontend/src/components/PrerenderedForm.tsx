import type { FormHTMLAttributes } from 'react';
import { useHydrated } from './useHydrated';

/**
 * A form of a prerendered page (docs/architecture.md, "Prerendered public pages"). It arrives before the code that
 * sends it; until that code has taken the page over, its fields and buttons are disabled: a tap on its button would
 * otherwise submit it natively, a GET of the same page with what was typed (a password, a phone number) in the
 * address, kept in the history and the logs, and the typing lost. `className` lays out the fields.
 */
export function PrerenderedForm({ className = '', children, ...form }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form {...form}>
      <fieldset disabled={!hydrated} className={`min-w-0 ${className}`}>
        {children}
      </fieldset>
    </form>
  );
}
