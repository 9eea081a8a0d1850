import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { RouteBody } from '@shared/routes';
import { businessTypeOptions, fieldMessages, footfallOptions, HostRequestPatch, hostRequestStatuses, type HostRequest } from '@shared/schemas';
import { adminApi } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { formatDateTime } from './format';
import { Button, Modal, SelectField, TextAreaField, TextField } from './ui';

export const statusOptions = hostRequestStatuses.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }));

/** Edit host request: every field of the application, its status and the admin's notes. */
export function EditHostRequestDialog({ request, onClose }: { request: HostRequest | null; onClose: () => void }) {
  return (
    <Modal
      open={Boolean(request)}
      onClose={onClose}
      title="Edit Host Request"
      description={request ? `Received ${formatDateTime(request.createdAt)}` : undefined}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="edit-host-request-form">Save Changes</Button>
        </>
      }
    >
      {request && <EditHostRequestForm request={request} onDone={onClose} />}
    </Modal>
  );
}

function EditHostRequestForm({ request, onDone }: { request: HostRequest; onDone: () => void }) {
  const [form, setForm] = useState({
    businessName: request.businessName,
    contactName: request.contactName,
    email: request.email,
    phone: request.phone,
    address: request.address,
    businessType: request.businessType,
    expectedFootfall: request.expectedFootfall,
    comments: request.comments,
    status: request.status ?? 'pending',
    adminNotes: request.adminNotes,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const save = useMutation({
    mutationFn: (patch: RouteBody<'adminUpdateHostRequest'>) => adminApi.updateHostRequest(request.id, patch),
    onSuccess: async (_, patch) => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'host-requests'] });
      toast({ title: 'Host request updated', description: patch.businessName, variant: 'success' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError) {
        if (error.body?.fields) setErrors(error.body.fields);
        toast({ title: 'Failed to update host request', description: error.serverMessage, variant: 'destructive' });
      } else toast({ title: 'Error updating host request', variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = HostRequestPatch.safeParse(form);
    if (!parsed.success) return setErrors(fieldMessages(parsed.error.issues));
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form id="edit-host-request-form" onSubmit={submit} noValidate aria-label="Edit host request" aria-busy={save.isPending} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Business name" required value={form.businessName} onChange={set('businessName')} error={errors.businessName} />
        <TextField label="Contact name" required value={form.contactName} onChange={set('contactName')} error={errors.contactName} />
        <TextField label="Email" type="email" required value={form.email} onChange={set('email')} error={errors.email} />
        <TextField label="Phone" type="tel" required value={form.phone} onChange={set('phone')} error={errors.phone} />
      </div>
      <TextField label="Address" required value={form.address} onChange={set('address')} error={errors.address} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Business type" value={form.businessType} onChange={set('businessType')} options={businessTypeOptions} error={errors.businessType} />
        <SelectField label="Expected footfall" value={form.expectedFootfall} onChange={set('expectedFootfall')} options={footfallOptions} error={errors.expectedFootfall} />
        <SelectField label="Status" value={form.status} onChange={set('status')} options={statusOptions} />
      </div>
      <TextAreaField label="Comments" rows={2} value={form.comments} onChange={set('comments')} error={errors.comments} />
      <TextAreaField label="Admin notes" rows={3} value={form.adminNotes} onChange={set('adminNotes')} placeholder="Visible to administrators only" error={errors.adminNotes} />
    </form>
  );
}
