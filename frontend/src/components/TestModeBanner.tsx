import { common } from '../i18n/common';
import { useMessages } from '../i18n/messages';
import { paymentsMode } from '../runtime-config';
import { useHydrated } from './useHydrated';

/**
 * A stage whose payments go to the sandbox gateway says so on every page. Known before the first render (right after
 * hydrating a prerendered page, whose HTML cannot know the stage) and floating, it shifts nothing; clicks go through it; it sits above a bottom tab bar (data-bottom-nav) when there is one,
 * and at the top while a modal dialog is open (an app sheet has its buttons at the bottom), and on a page that keeps the bottom of
 * the screen for its own buttons (data-bottom-clear: the receipt's save and share). Paper leaves it off: a fixed
 * element prints on every page, over what is printed beneath it (the stickers' last row).
 */
export function TestModeBanner() {
  const t = useMessages(common);
  const hydrated = useHydrated();
  if (!hydrated || paymentsMode() !== 'sandbox') return null;
  return (
    <p role="note" className="pointer-events-none fixed print:hidden bottom-2 left-2 z-[60] max-w-[calc(100%-1rem)] rounded-full bg-amber-300 px-2.5 py-0.5 text-[11px] leading-4 text-amber-950 shadow-sm ring-1 ring-amber-500 sm:bottom-3 sm:left-3 [:root:has([data-bottom-nav])_&]:bottom-[calc(4.75rem+env(safe-area-inset-bottom))] [:root:has(dialog:modal)_&]:top-2 [:root:has(dialog:modal)_&]:bottom-auto! [:root:has([data-bottom-clear])_&]:top-2 [:root:has([data-bottom-clear])_&]:bottom-auto!">
      <strong>{t.testMode.title}:</strong> {t.testMode.text}
    </p>
  );
}
