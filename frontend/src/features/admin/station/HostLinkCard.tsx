import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '@frontend/api/client';
import { consoleRoles } from '@frontend/i18n/console-roles';
import { useMessages } from '@frontend/i18n/messages';
import { Button, Card, Spinner, TextField } from '@frontend/components/ui';
import { adminQueries, useSetStationHost } from '@frontend/api/admin';

/**
 * The admin links the station to its host's account (the e-mail the host signs in with) and names the business its
 * report shows (the host request's business name), or unlinks it.
 */
export function HostLinkCard({ id }: { id: string }) {
  const t = useMessages(consoleRoles).hostLink;
  const host = useQuery(adminQueries.stationHost(id));
  const [email, setEmail] = useState('');
  const [business, setBusiness] = useState('');
  const save = useSetStationHost(id, {
    onSuccess: () => {
      setEmail('');
      setBusiness('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ hostEmail: email.trim(), businessName: business.trim() });
  };
  const fields = save.error instanceof ApiRequestError ? save.error.body?.fields : undefined;
  const fieldError = fields?.hostEmail ?? fields?.businessName;

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="font-semibold text-slate-900">{t.title}</h2>
      <p className="mt-1 text-xs text-slate-500">{t.text}</p>
      {host.data ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span data-testid="station-host" className="text-slate-800">{host.data.hostEmail ? (host.data.businessName ? t.linkedBusiness(host.data.businessName, host.data.hostEmail) : t.linked(host.data.hostEmail)) : t.none}</span>
          {host.data.hostEmail && <Button size="sm" variant="ghost" busy={save.isPending && save.variables === null} onClick={() => save.mutate(null)}>{t.unlink}</Button>}
        </div>
      ) : (
        <Spinner className="mt-3 h-5 w-5 text-brand-600" />
      )}
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
        <TextField label={t.email} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={fields?.hostEmail} className="min-w-0 flex-1" autoComplete="off" />
        <TextField label={t.business} value={business} maxLength={200} onChange={(e) => setBusiness(e.target.value)} error={fields?.businessName} className="min-w-0 flex-1" autoComplete="off" />
        <Button type="submit" variant="primary" busy={save.isPending && save.variables !== null}>{t.save}</Button>
      </form>
      {save.isError && !fieldError && <p role="alert" className="mt-2 text-sm text-red-700">{t.failed}</p>}
    </Card>
  );
}
