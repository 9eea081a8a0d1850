import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AdminMachinePatch, type RouteBody } from '@shared/routes';
import { fieldMessages, machineStatuses, type Machine, type MachineStatus } from '@shared/schemas';
import { adminApi, refreshStats } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { formatDateTime } from './format';
import { statusLabel } from './MachineStatusBadge';
import { Button, InlineAlert, Modal, ReadOnly, SelectField, TextField } from './ui';

/** Edit Machine: id, created, last updated and last heartbeat read-only; name, location and status required. */
export function EditMachineDialog({ machine, onClose }: { machine: Machine | null; onClose: () => void }) {
  return (
    <Modal open={Boolean(machine)} onClose={onClose} title="Edit Machine" description={machine?.name} size="lg" footer={
      <>
        <Button variant="ghost" onClick={onClose}>Cancel</Button>
        <Button variant="primary" type="submit" form="edit-machine-form">Save Changes</Button>
      </>
    }>
      {machine && <EditMachineForm machine={machine} onDone={onClose} />}
    </Modal>
  );
}

function EditMachineForm({ machine, onDone }: { machine: Machine; onDone: () => void }) {
  const [form, setForm] = useState({ name: machine.name, location: machine.location, status: machine.status });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (patch: RouteBody<'adminUpdateMachine'>) => adminApi.updateMachine(machine.id, patch),
    onSuccess: async (_, patch) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['admin', 'machines'] }), queryClient.invalidateQueries({ queryKey: ['machines'] }), refreshStats(queryClient)]);
      toast({ title: 'Machine updated', description: `${patch.name} was saved.`, variant: 'success' });
      onDone();
    },
  });
  // Busy until the dialog closes: it closes once the lists are read again.
  const busy = save.isPending || save.isSuccess;
  const failure = !save.error ? null : save.error instanceof ApiRequestError ? 'Failed to update machine' : 'Network error occurred';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const parsed = AdminMachinePatch.safeParse(form);
    if (!parsed.success) return setErrors(fieldMessages(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form id="edit-machine-form" onSubmit={submit} noValidate aria-label="Edit machine" aria-busy={busy} className="space-y-5">
      <dl className="grid grid-cols-2 gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-100 sm:grid-cols-4">
        <ReadOnly label="Machine ID" value={machine.id} mono />
        <ReadOnly label="Created" value={formatDateTime(machine.createdAt)} />
        <ReadOnly label="Last updated" value={formatDateTime(machine.updatedAt)} />
        <ReadOnly label="Last heartbeat" value={machine.lastHeartbeat ? formatDateTime(machine.lastHeartbeat) : 'Never'} />
      </dl>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField label="Name" required value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} error={errors.name} />
        <SelectField
          label="Status"
          required
          value={form.status}
          onChange={(e) => setForm((f) => ({ ...f, status: e.target.value as MachineStatus }))}
          options={machineStatuses.map((s) => ({ value: s, label: statusLabel(s) }))}
          hint="Maintenance and Locked override heartbeats."
        />
      </div>
      <TextField label="Location" required value={form.location} onChange={(e) => setForm((f) => ({ ...f, location: e.target.value }))} error={errors.location} />
      {failure && <InlineAlert tone="error">{failure}</InlineAlert>}
    </form>
  );
}
