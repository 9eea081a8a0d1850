import { useState, type FormEvent, type ReactNode } from 'react';
import { AdminMachineInput } from '@shared/routes/fleet';
import { fieldMessages } from '@shared/schemas/error';
import { machineStatuses, type MachineStatus } from '@shared/schemas/machine';
import { useCreateMachine } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { adminMachines } from '../../i18n/admin-machines';
import { useMessages } from '../../i18n/messages';
import { getLanguage } from '../../i18n/language';
import { AddressAutocomplete } from './AddressAutocomplete';
import type { Provisioned } from './bundle';
import { useStatusLabels } from './MachineStatusBadge';
import { InlineAlert, SelectField, TextField } from '@frontend/components/ui';

const empty = { id: '', name: '', location: '', latitude: '', longitude: '', status: 'online' as MachineStatus };

/**
 * The Add Machine fields (docs/design.md, "Validation"): Machine ID, Station Name, Location Address with suggestions,
 * Latitude, Longitude (all required) and status (online by default). Submitting provisions the station
 * (POST /api/admin/machines); failures read the server's message, 'Failed to create machine', or
 * 'Network error occurred'.
 */
export function AddMachineForm({
  formId,
  onCreated,
  success,
  footer,
}: {
  formId: string;
  onCreated: (result: Provisioned) => void;
  /** Shown instead of errors once the machine exists. */
  success?: ReactNode;
  footer?: (state: { busy: boolean }) => ReactNode;
}) {
  const t = useMessages(adminMachines);
  const statusLabels = useStatusLabels();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const create = useCreateMachine({
    onSuccess: (result) => {
      setForm(empty);
      onCreated(result);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
    },
  });
  const busy = create.isPending;
  const failure = !create.error ? null : create.error instanceof ApiRequestError ? (create.error.serverMessage ?? t.createFailed) : t.networkError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.reset();
    const parsed = AdminMachineInput.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues, getLanguage()));
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  return (
    <form id={formId} onSubmit={submit} aria-label={t.addForm} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t.machineId}
          required
          value={form.id}
          onChange={(e) => set('id')(e.target.value.toUpperCase())}
          placeholder="HRL-00026"
          autoComplete="off"
          spellCheck={false}
          error={errors.id}
          hint={t.machineIdHint}
        />
        <TextField label={t.stationName} required value={form.name} onChange={(e) => set('name')(e.target.value)} placeholder="Sanur Beach Market" error={errors.name} />
      </div>
      <AddressAutocomplete
        value={form.location}
        onChange={set('location')}
        onChoose={(r) => setForm((f) => ({ ...f, location: r.displayName, latitude: r.lat, longitude: r.lon }))}
        error={errors.location}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t.latitude} required inputMode="decimal" value={form.latitude} onChange={(e) => set('latitude')(e.target.value)} placeholder="-8.6900" error={errors.latitude} />
        <TextField label={t.longitude} required inputMode="decimal" value={form.longitude} onChange={(e) => set('longitude')(e.target.value)} placeholder="115.2622" error={errors.longitude} />
        <SelectField
          label={t.status}
          value={form.status}
          onChange={(e) => set('status')(e.target.value)}
          options={machineStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
        />
      </div>
      {success ?? (failure && <InlineAlert tone="error">{failure}</InlineAlert>)}
      {footer?.({ busy })}
    </form>
  );
}
