import {
  useId,
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { OfflineBanner } from '@frontend/components/OfflineBanner';
import { formatDay } from '@frontend/features/admin/format';
import { CloseIcon } from '@frontend/features/admin/icons';
import { useOnline } from '@frontend/features/pwa/online-status';
import { common } from '@frontend/i18n/common';
import { useMessages } from '@frontend/i18n/messages';

/** The frontend's one UI kit: the console's, the host's and the app's screens build on these blocks. */

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'dark';
const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:ring-brand-300',
  secondary: 'bg-white text-slate-700 ring-1 ring-slate-200 shadow-sm hover:bg-slate-50 hover:text-slate-900 focus-visible:ring-brand-300',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-brand-300',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:ring-red-300',
  dark: 'bg-ocean-900 text-white shadow-sm hover:bg-ocean-950 focus-visible:ring-brand-300',
};

export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  icon,
  className = '',
  children,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'sm' | 'md'; busy?: boolean; icon?: ReactNode }) {
  const sizes = size === 'sm' ? 'h-8 gap-1.5 rounded-lg px-2.5 text-xs' : 'h-10 gap-2 rounded-xl px-4 text-sm';
  return (
    <button
      type="button"
      disabled={disabled || busy}
      className={`inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition outline-none focus-visible:ring-4 disabled:cursor-not-allowed disabled:opacity-60 ${sizes} ${variants[variant]} ${className}`}
      {...props}
    >
      {busy ? <Spinner className="h-4 w-4" /> : icon}
      {children}
    </button>
  );
}

export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent opacity-70 ${className}`} />;
}

const control =
  'block w-full rounded-xl border bg-white px-3.5 text-sm text-slate-900 shadow-xs outline-none transition placeholder:text-slate-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 disabled:bg-slate-50 disabled:text-slate-500 read-only:bg-slate-50 read-only:text-slate-600';
const border = (error?: string) => (error ? 'border-red-400' : 'border-slate-200');

interface FieldFrame {
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

function Frame({ id, label, error, hint, required, className = '', children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required && <span className="ml-0.5 text-red-500" aria-hidden="true"> *</span>}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-red-600">{error}</p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}

/** A field control's id (the one given, or a generated one) and the attributes that tie it to its Frame's messages. */
function useControlIds(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const generated = useId();
  const controlId = id ?? generated;
  return { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined } as const;
}

export function TextField({ label, error, hint, required, className, id, ...input }: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>) {
  const ids = useControlIds(id, error, hint);
  return (
    <Frame id={ids.id} label={label} error={error} hint={hint} required={required} className={className}>
      <input {...ids} required={required} className={`${control} h-10 ${border(error)}`} {...input} />
    </Frame>
  );
}

export function TextAreaField({ label, error, hint, required, className, id, ...input }: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>) {
  const ids = useControlIds(id, error, hint);
  return (
    <Frame id={ids.id} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea {...ids} required={required} className={`${control} min-h-20 py-2.5 ${border(error)}`} {...input} />
    </Frame>
  );
}

export function SelectField({
  label,
  error,
  hint,
  required,
  className,
  id,
  options,
  ...select
}: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { options: readonly { value: string; label: string }[] }) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <Frame id={selectId} label={label} error={error} hint={hint} required={required} className={className}>
      <select id={selectId} required={required} aria-invalid={error ? true : undefined} className={`${control} h-10 pr-8 ${border(error)}`} {...select}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </Frame>
  );
}

/** A read-only value in a dialog (ids, dates). */
export function ReadOnly({ label, value, mono = false }: { label: string; value: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={`mt-1 truncate text-sm text-slate-900 ${mono ? 'font-mono' : ''}`}>{value}</dd>
    </div>
  );
}

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl' };

/**
 * The one dialog, on the native <dialog> opened with showModal: focus is trapped and the page behind is inert;
 * Escape, the backdrop and the close button call onClose; focus goes back where it was; the page behind does not
 * scroll (styles.css). Children are rendered only while open, so forms start fresh each time.
 * - 'centre' (the console): a header, a scrolling body and a footer, `size` wide.
 * - 'sheet' (the app): a bottom sheet on phones, centred on wide screens.
 * - 'screen' (the app): a phone-wide screen of full height whose content brings its own title and back button.
 * A dialog sits in the top layer, above the offline banner floating over the page (GlobalBanners): offline, it shows
 * that banner at its own bottom, where it hides nothing of the dialog.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  placement = 'centre',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: keyof typeof widths;
  placement?: 'centre' | 'sheet' | 'screen';
}) {
  const texts = useMessages(common);
  const online = useOnline();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A layout effect: its clean-up runs before an unmounted dialog leaves the page, so close() still returns focus.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, [open]);
  const closeButton = (className: string, icon: ReactNode) => (
    <button type="button" onClick={onClose} aria-label={placement === 'centre' ? texts.closeDialog : texts.close} className={className}>{icon}</button>
  );
  let content: ReactNode;
  if (placement === 'centre') {
    content = (
      <>
        <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 pt-5 pb-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">{title}</h2>
            {description && <div className="mt-1 text-sm text-slate-500">{description}</div>}
          </div>
          {closeButton('-mr-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-700', <CloseIcon />)}
        </div>
        <div className="overflow-y-auto px-6 py-5">{children}</div>
        {footer && <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 bg-slate-50/80 px-6 py-4">{footer}</div>}
      </>
    );
  } else if (placement === 'sheet') {
    content = (
      <div className="overflow-y-auto px-5 pt-3 pb-6">
        <div className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-slate-200 sm:hidden" aria-hidden="true" />
        <div className="mb-4 flex items-center justify-between gap-3">
          <div>
            <h2 id={titleId} className="text-lg font-bold text-slate-900">{title}</h2>
            {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
          </div>
          {closeButton('-mr-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100', <CloseIcon size={20} />)}
        </div>
        {children}
      </div>
    );
  } else {
    content = <div className="min-h-0 flex-1 overflow-y-auto pb-10">{children}</div>;
  }
  const area = { centre: 'items-center p-4', sheet: 'items-end pt-[8dvh] sm:items-center sm:p-4', screen: '' }[placement];
  const panel = {
    centre: `${widths[size]} rounded-2xl bg-white shadow-2xl ring-1 ring-slate-900/5`,
    sheet: 'max-w-md rounded-t-3xl bg-white pb-[env(safe-area-inset-bottom)] shadow-2xl sm:rounded-3xl',
    screen: 'h-full max-w-md bg-slate-50 pb-[env(safe-area-inset-bottom)]',
  }[placement];
  return (
    <dialog
      ref={ref}
      aria-labelledby={placement === 'screen' ? undefined : titleId}
      aria-label={placement === 'screen' ? title : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // Only the backdrop's clicks reach the dialog itself: its layout lets them through (pointer-events-none).
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-transparent p-0 text-slate-900 ${placement === 'screen' ? 'backdrop:bg-slate-100/70' : 'backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]'}`}
    >
      {open && (
        <div className={`pointer-events-none flex h-full justify-center ${area}`}>
          <div className={`pointer-events-auto flex max-h-full w-full animate-fade-in flex-col overflow-hidden ${panel}`}>
            {content}
            <div className={online ? undefined : 'p-3'}>
              <OfflineBanner />
            </div>
          </div>
        </div>
      )}
    </dialog>
  );
}

export function InlineAlert({ tone, children }: { tone: 'error' | 'success' | 'info' | 'warning'; children: ReactNode }) {
  const tones = {
    error: 'bg-red-50 text-red-800 ring-red-200',
    success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    info: 'bg-brand-50 text-brand-900 ring-brand-200',
    warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl px-4 py-3 text-sm ring-1 ${tones[tone]}`}>
      {children}
    </div>
  );
}

/** A card: the console's frames its own content; the app's is a padded section of a screen, with a lighter ring. */
export function Card({ children, className = '', variant = 'console' }: { children: ReactNode; className?: string; variant?: 'console' | 'app' }) {
  if (variant === 'app') return <section className={`rounded-2xl bg-white p-4 shadow-card ring-1 ring-slate-100 ${className}`}>{children}</section>;
  return <div className={`rounded-2xl bg-white shadow-card ring-1 ring-slate-200/70 ${className}`}>{children}</div>;
}

/** An app card's title, with an action (a link) at its right. */
export function CardHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {action}
    </div>
  );
}

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center px-6 py-14 text-center">
      {icon && <div className="mb-3 flex h-12 w-12 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">{icon}</div>}
      <p className="font-semibold text-slate-800">{title}</p>
      {children && <div className="mt-1 max-w-sm text-sm text-slate-500">{children}</div>}
    </div>
  );
}

export function LoadingRows({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-14 text-sm text-slate-500">
      <Spinner /> {label}
    </div>
  );
}

/**
 * Table shell: sticky header, zebra-free rows with dividers, horizontal scroll inside the card on narrow screens
 * (positioned, so that visually hidden cell texts, absolutely placed, scroll with it instead of widening the page).
 */
export function Table({ label, head, children }: { label: string; head: ReactNode; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto">
      <table aria-label={label} className="w-full min-w-[720px] text-left text-sm">
        <thead className="border-y border-slate-100 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500 uppercase">{head}</thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
export const Th = ({ children, className = '' }: { children?: ReactNode; className?: string }) => <th scope="col" className={`px-4 py-3 font-semibold first:pl-6 last:pr-6 ${className}`}>{children}</th>;
export const Td = ({ children, className = '' }: { children?: ReactNode; className?: string }) => <td className={`px-4 py-3.5 align-middle first:pl-6 last:pr-6 ${className}`}>{children}</td>;

/**
 * A day picked with the browser's own date control shows the browser's format whatever the console's language
 * (03/11/2026 may be March or November): this, put under the control's label, repeats the day in the console's
 * format (issue 36, item 6). For the eye only: a screen reader reads the control's value itself.
 */
function DayShown({ value }: { value: string }) {
  return <span aria-hidden="true" className="mt-1 block min-h-4 text-xs font-normal text-slate-600" data-testid="day-shown">{value ? formatDay(value) : ''}</span>;
}

/** A labelled date control with the day repeated under it in the console's format (DayShown). */
export function DayField({ label, labelClassName, value, ...input }: { label: ReactNode; labelClassName: string; value: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'>) {
  return (
    <div>
      <label className={labelClassName}>
        {label}
        <input type="date" value={value} {...input} />
      </label>
      <DayShown value={value} />
    </div>
  );
}

/** A search input with its icon. */
export function SearchInput({ label, className = '', ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={`relative block ${className}`}>
      <span className="sr-only">{label}</span>
      <svg className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></svg>
      <input type="search" className={`${control} h-10 border-slate-200 pl-9`} {...input} />
    </label>
  );
}

export function Pill({ children, tone = 'slate' }: { children: ReactNode; tone?: 'slate' | 'green' | 'red' | 'amber' | 'blue' | 'violet' | 'cyan' }) {
  const tones = {
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
    green: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
    red: 'bg-red-50 text-red-700 ring-red-200',
    amber: 'bg-amber-50 text-amber-800 ring-amber-200',
    blue: 'bg-sky-50 text-sky-700 ring-sky-200',
    violet: 'bg-violet-50 text-violet-700 ring-violet-200',
    cyan: 'bg-brand-50 text-brand-800 ring-brand-200',
  };
  return <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}>{children}</span>;
}
