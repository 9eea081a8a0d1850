import { appTexts } from '../../i18n/app';
import { useMessages } from '../../i18n/messages';

/**
 * A spinner with its text, for the loading states of docs/design.md, "Screens and routes" ('Loading...', 'Loading profile...'):
 * `what` names the text. A module of its own: the app routes' pending components, in the router's first chunk, show it too.
 */
export function LoadingState({ what = 'any', className = '' }: { what?: keyof (typeof appTexts)['en']['loading']; className?: string }) {
  const text = useMessages(appTexts).loading[what];
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center justify-center gap-3 py-16 text-slate-500 ${className}`}>
      <span aria-hidden="true" className="h-9 w-9 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600" />
      <p className="text-sm font-medium">{text}</p>
    </div>
  );
}
