import { useState, type FormEvent } from 'react';
import { AdminMachinePatch } from '@shared/routes/fleet';
import { fieldMessages } from '@shared/schemas/error';
import { machineStatuses, type Machine, type MachineStatus } from '@shared/schemas/machine';
import { useUpdateMachine } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { adminMachines } from '../../i18n/admin-machines';
import { useMessages } from '../../i18n/messages';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from './format';
import { useStatusLabels } from './MachineStatusBadge';
import { Button, Dialog, InlineAlert, ReadOnly, SelectField, TextField } from '@frontend/components/ui';

/** Edit Machine: id, created, last updated and last heartbeat read-only; name, location and status required. */
export function EditMachineDialog({ machine, onClose }: { machine: Machine | null; onClose: () => void }) {
  const t = useMessages(adminMachines);
  return (
    <Dialog open={Boolean(machine)} onClose={onClose} title={t.editTitle} description={machine?.name} size="lg" footer={
      <>
        <Button variant="ghost" onClick={onClose}>{t.cancel}</Button>
        <Button variant="primary" type="submit" form="edit-machine-form">{t.saveChanges}</Button>
      </>
    }>
      {machine && <EditMachineForm machine={machine} onDone={onClose} />}
    </Dialog>
  );
}

function EditMachineForm({ machine, onDone }: { machine: Machine; onDone: () => void }) {
  const t = useMessages(adminMachines);
  const statusLabels = useStatusLabels();
  const [form, setForm] = useState({ name: machine.name, location: machine.location, status: machine.status });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateMachine(machine.id, {
    onSuccess: (_, patch) => {
      toast({ title: t.updated, description: t.wasSaved(patch.name), variant: 'success' });
      onDone();
    },
  });
  // Busy until the dialog closes: it closes once the lists are read again.
  const busy = save.isPending || save.isSuccess;
  const failure = !save.error ? null : save.error instanceof ApiRequestError ? t.updateFailed : t.networkError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const parsed = AdminMachinePatch.safeParse(form);
    if (!parsed.success) return setErrors(fieldMessages(parsed.error.issues, getLanguage()));
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form id="edit-machine-form" onSubmit={submit} noValidate aria-label={t.editForm} aria-busy={busy} className="space-y-5">
      <dl className="grid grid-cols-2 gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100 sm:grid-cols-4">
        <ReadOnly label={t.machineId} value={machine.id} mono />
        <ReadOnly label={t.createdAt} value={formatDateTime(machine.createdAt)} />
        <ReadOnly label={t.lastUpdated} value={formatDateTime(machine.updatedAt)} />
        <ReadOnly label={t.lastHeartbeat} value={machine.lastHeartbeat ? formatDateTime(machine.lastHeartbeat) : t.never} />
      </dl>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField label={t.name} required value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} error={errors.name} />
        <SelectField
          label={t.status}
          required
          value={form.status}
          onChange={(e) => setForm((f) => ({ ...f, status: e.target.value as MachineStatus }))}
          options={machineStatuses.map((s) => ({ value: s, label: statusLabels[s] }))}
          hint={t.statusHint}
        />
      </div>
      <TextField label={t.location} required value={form.location} onChange={(e) => setForm((f) => ({ ...f, location: e.target.value }))} error={errors.location} />
      {failure && <InlineAlert tone="error">{failure}</InlineAlert>}
    </form>
  );
}
