import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import type { CsvTable } from '@shared/csv';
import { ApiRequestError } from '../../api/client';

/** The rows on screen, or (a tab whose set is larger than its page) the tab's own export to run. */
type Provider = () => CsvTable | (() => void) | null;
interface ExportRegistry {
  set(provider: Provider | null): void;
  get(): Provider | null;
}

const ExportContext = createContext<ExportRegistry | null>(null);

/** Holds the visible tab's rows for the header's Export Data button. */
export function ExportProvider({ children, registry }: { children: ReactNode; registry: ExportRegistry }) {
  return <ExportContext.Provider value={registry}>{children}</ExportContext.Provider>;
}

export function useExportRegistry(): ExportRegistry {
  const current = useRef<Provider | null>(null);
  return useRef<ExportRegistry>({ set: (p) => (current.current = p), get: () => current.current }).current;
}

/** A tab declares what Export Data saves while it is shown: the rows it currently displays, or its own export. */
export function useExportRows(provider: Provider) {
  const registry = useContext(ExportContext);
  const latest = useRef(provider);
  latest.current = provider;
  useEffect(() => {
    if (!registry) return;
    registry.set(() => latest.current());
    return () => registry.set(null);
  }, [registry]);
}

/** A file the API writes could not be had: the screen's words, and the server's reason when it gave one. */
export function ExportFailed({ text, error }: { text: string; error: unknown }) {
  const reason = error instanceof ApiRequestError ? error.serverMessage : undefined;
  return <p role="alert" className="w-full text-sm font-medium text-red-700">{text}{reason ? `: ${reason}` : ''}</p>;
}
