import { useState, type FormEvent } from 'react';
import {
  businessTypeOptions,
  footfallOptions,
  HostRequestPatch,
  hostRequestStatuses,
  type HostRequest,
} from '@shared/schemas/host-request';
import { fieldMessages } from '@shared/schemas/error';
import { useUpdateHostRequest } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { adminHostRequests } from '../../i18n/admin-host-requests';
import { hostForm } from '../../i18n/host-form';
import { useMessages } from '../../i18n/messages';
import { getLanguage } from '../../i18n/language';
import { formatDateTime } from './format';
import { Button, Dialog, SelectField, TextAreaField, TextField } from '@frontend/components/ui';

/** The statuses, business types and footfalls as options in the chosen language (the types' labels: the host form's). */
export function useHostRequestOptions() {
  const t = useMessages(adminHostRequests);
  const host = useMessages(hostForm);
  return {
    statuses: hostRequestStatuses.map((s) => ({ value: s, label: t.statuses[s] })),
    businessTypes: businessTypeOptions.map((o) => ({ value: o.value, label: host.businessTypeLabels[o.value] })),
    footfalls: footfallOptions.map((o) => ({ value: o.value, label: host.footfallLabels[o.value] })),
  };
}

/** Edit host request: every field of the application, its status and the admin's notes. */
export function EditHostRequestDialog({ request, onClose }: { request: HostRequest | null; onClose: () => void }) {
  const t = useMessages(adminHostRequests);
  return (
    <Dialog
      open={Boolean(request)}
      onClose={onClose}
      title={t.editTitle}
      description={request ? t.received(formatDateTime(request.createdAt)) : undefined}
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>{t.cancel}</Button>
          <Button variant="primary" type="submit" form="edit-host-request-form">{t.saveChanges}</Button>
        </>
      }
    >
      {request && <EditHostRequestForm request={request} onDone={onClose} />}
    </Dialog>
  );
}

function EditHostRequestForm({ request, onDone }: { request: HostRequest; onDone: () => void }) {
  const t = useMessages(adminHostRequests);
  const options = useHostRequestOptions();
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
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const save = useUpdateHostRequest({
    onSuccess: (_, { patch }) => {
      toast({ title: t.updated, description: patch.businessName, variant: 'success' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiRequestError) {
        if (error.body?.fields) setErrors(error.body.fields);
        toast({ title: t.updateFailed, description: error.serverMessage, variant: 'destructive' });
      } else toast({ title: t.updateError, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = HostRequestPatch.safeParse(form);
    if (!parsed.success) return setErrors(fieldMessages(parsed.error.issues, getLanguage()));
    setErrors({});
    save.mutate({ request, patch: parsed.data });
  };

  return (
    <form id="edit-host-request-form" onSubmit={submit} noValidate aria-label={t.form} aria-busy={save.isPending} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t.fields.businessName} required value={form.businessName} onChange={set('businessName')} error={errors.businessName} />
        <TextField label={t.fields.contactName} required value={form.contactName} onChange={set('contactName')} error={errors.contactName} />
        <TextField label={t.fields.email} type="email" required value={form.email} onChange={set('email')} error={errors.email} />
        <TextField label={t.fields.phone} type="tel" required value={form.phone} onChange={set('phone')} error={errors.phone} />
      </div>
      <TextField label={t.fields.address} required value={form.address} onChange={set('address')} error={errors.address} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label={t.fields.businessType} value={form.businessType} onChange={set('businessType')} options={options.businessTypes} error={errors.businessType} />
        <SelectField label={t.fields.footfall} value={form.expectedFootfall} onChange={set('expectedFootfall')} options={options.footfalls} error={errors.expectedFootfall} />
        <SelectField label={t.fields.status} value={form.status} onChange={set('status')} options={options.statuses} />
      </div>
      <TextAreaField label={t.fields.comments} rows={2} value={form.comments} onChange={set('comments')} error={errors.comments} />
      <TextAreaField label={t.fields.adminNotes} rows={3} value={form.adminNotes} onChange={set('adminNotes')} placeholder={t.adminNotesPlaceholder} error={errors.adminNotes} />
    </form>
  );
}
