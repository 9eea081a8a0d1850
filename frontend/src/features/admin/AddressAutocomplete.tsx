import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { ADDRESS_SEARCH_MIN_CHARS } from '@shared/constants';
import type { AddressResult } from '@shared/schemas/geocoding';
import { adminQueries } from '../../api/admin';
import { adminMachines } from '../../i18n/admin-machines';
import { useMessages } from '../../i18n/messages';
import { PinIcon } from './icons';
import { Spinner } from '@frontend/components/ui';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The Location Address field with suggestions from GET /api/geocode: from 3 characters on, at most 5, each
 * with its coordinates; fewer characters or a failed search clear the list silently. Arrow keys, Enter and
 * Escape work as in any combobox.
 */
export function AddressAutocomplete({
  value,
  onChange,
  onChoose,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onChoose: (result: AddressResult) => void;
  error?: string;
}) {
  const t = useMessages(adminMachines);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(value.trim(), 250);
  const enabled = open && query.length >= ADDRESS_SEARCH_MIN_CHARS;
  const search = useQuery({ ...adminQueries.geocode(query), enabled, retry: false });
  const suggestions = enabled && !search.isError ? (search.data ?? []) : [];
  const showList = open && suggestions.length > 0;

  useEffect(() => setActive(-1), [query]);

  const choose = (result: AddressResult) => {
    onChoose(result);
    setOpen(false);
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t.address}<span className="ml-0.5 text-red-500" aria-hidden="true"> *</span>
      </label>
      <div className="relative">
        <PinIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" size={16} />
        <input
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          required
          value={value}
          placeholder={t.addressPlaceholder}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (!showList) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => (a + 1) % suggestions.length);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
            } else if (e.key === 'Enter' && active >= 0) {
              e.preventDefault();
              choose(suggestions[active]!);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
          className={`block h-10 w-full rounded-xl border bg-white pr-9 pl-9 text-sm shadow-xs outline-none transition placeholder:text-slate-500 focus:border-brand-500 focus:ring-4 focus:ring-brand-100 ${error ? 'border-red-400' : 'border-slate-200'}`}
        />
        {enabled && search.isFetching && <Spinner className="absolute top-3 right-3 h-4 w-4 text-brand-600" />}
      </div>
      {error ? (
        <p className="mt-1.5 text-xs font-medium text-red-600">{error}</p>
      ) : showList ? null : (
        <p className="mt-1.5 text-xs text-slate-500">{t.addressHint}</p>
      )}
      {showList && (
        <ul id={`${id}-list`} role="listbox" aria-label={t.suggestions} className="mt-1.5 max-h-64 overflow-y-auto rounded-xl bg-white py-1.5 shadow-lg ring-1 ring-slate-200">
          {suggestions.map((s, i) => (
            <li
              key={`${s.displayName}-${i}`}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              onMouseEnter={() => setActive(i)}
              className={`flex cursor-pointer items-start gap-3 px-3.5 py-2.5 ${i === active ? 'bg-brand-50' : ''}`}
            >
              <PinIcon size={16} className="mt-0.5 shrink-0 text-brand-600" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-slate-900">{s.displayName}</span>
                <span className="block font-mono text-xs text-slate-500">{s.lat}, {s.lon}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
