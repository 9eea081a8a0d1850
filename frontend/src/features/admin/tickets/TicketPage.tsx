import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { Ticket } from '@shared/schemas/ticket';
import { adminQueries } from '@frontend/api/admin';
import { authedApi } from '@frontend/api/auth';
import { ApiRequestError } from '@frontend/api/client';
import { assignTicket, closeTicket, commentOnTicket, ticketKeys, ticketQueries } from '@frontend/api/tickets';
import { toast } from '@frontend/components/toast';
import { adminAlerts } from '@frontend/i18n/admin-alerts';
import { adminTickets } from '@frontend/i18n/admin-tickets';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { formatDateTime } from '../format';
import { Button, Card, EmptyState, InlineAlert, LoadingRows, Pill, SelectField, TextAreaField } from '@frontend/components/ui';
import { ticketTone, useSourceDetail, useTicketTitle } from './TicketsPage';

type Texts = Translation<(typeof adminTickets)['en']>;
/** '<role>:<e-mail>' as the ticket records people; the e-mail is what the page shows. */
const person = (actor: string) => actor.replace(/^[a-z]+:/, '');

/** /admin/tickets/$id: the station, what opened the ticket, its comments and history; assign, comment and close. */
export function TicketPage({ id }: { id: string }) {
  const t = useMessages(adminTickets);
  const title = useTicketTitle();
  const ticket = useQuery(ticketQueries.one(id));
  return (
    <ConsoleSubpage back={t.back} title={ticket.data ? title(ticket.data) : t.title} intro={ticket.data ? `${ticket.data.stationName} (${ticket.data.stationId})` : ''}>
      <Link to="/admin/tickets" className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">{t.backToList}</Link>
      {ticket.isPending ? (
        <LoadingRows label={t.loading} />
      ) : ticket.isError ? (
        <EmptyState title={ticket.error instanceof ApiRequestError && ticket.error.status === 404 ? t.notFound : t.loadError}>
          <Button className="mt-3" onClick={() => void ticket.refetch()}>{t.retry}</Button>
        </EmptyState>
      ) : (
        <TicketView ticket={ticket.data} t={t} />
      )}
    </ConsoleSubpage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mt-4 p-4">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

function TicketView({ ticket, t }: { ticket: Ticket; t: Texts }) {
  const queryClient = useQueryClient();
  const me = useQuery(adminQueries.session()).data?.username ?? '';
  const [assignee, setAssignee] = useState('');
  const [comment, setComment] = useState('');
  const [resolution, setResolution] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const open = ticket.status !== 'closed';

  const act = async (what: string, call: () => Promise<Ticket>, done?: () => void, success?: string) => {
    setBusy(what);
    setErrors({});
    try {
      queryClient.setQueryData(ticketQueries.one(ticket.id).queryKey, await call());
      done?.();
      if (success) toast({ title: success });
      await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (fields) setErrors(fields);
      else toast({ title: t.failed, description: error instanceof ApiRequestError ? error.serverMessage : error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const submit = (what: string, call: () => Promise<Ticket>, done?: () => void, success?: string) => (e: FormEvent) => {
    e.preventDefault();
    void act(what, call, done, success);
  };

  return (
    <>
      <Card className="mt-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Pill tone={ticketTone(ticket.status)}>{t.statuses[ticket.status]}</Pill>
          <Link to="/admin/stations/$id" params={{ id: ticket.stationId }} className="text-sm font-semibold text-brand-700 hover:underline">
            {ticket.stationName} <span className="font-mono text-xs">({ticket.stationId})</span>
          </Link>
        </div>
        <p className="mt-2 text-sm text-slate-700">
          {t.opened(formatDateTime(ticket.openedAt))} · {ticket.assignee ? t.assignedTo(ticket.assignee) : t.unassigned}
        </p>
        {ticket.closedAt && ticket.closedBy && (
          <p className="mt-1 text-sm text-slate-700">{t.closed(formatDateTime(ticket.closedAt), person(ticket.closedBy))}: <span className="font-medium">{ticket.resolution}</span></p>
        )}
      </Card>

      <Section title={t.sourcesTitle}>
        <ul className="mt-2 space-y-2">
          {ticket.sources.map((source) => <SourceRow key={`${source.kind}-${source.id}`} source={source} stationName={ticket.stationName} t={t} />)}
        </ul>
      </Section>

      <Section title={t.commentsTitle}>
        {ticket.comments.length === 0 ? <p className="mt-2 text-sm text-slate-600">{t.noComments}</p> : (
          <ol aria-label={t.commentsTitle} className="mt-2 space-y-2">
            {ticket.comments.map((c) => (
              <li key={`${c.at}-${c.by}`} className="rounded-xl bg-slate-50 p-3">
                <p className="text-xs text-slate-500">{person(c.by)} · {formatDateTime(c.at)}</p>
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{c.text}</p>
              </li>
            ))}
          </ol>
        )}
        {open && (
          <form className="mt-3" onSubmit={submit('comment', () => commentOnTicket(ticket.id, comment), () => setComment(''))}>
            <TextAreaField label={t.comment} value={comment} error={errors.text} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
            <Button type="submit" className="mt-2" busy={busy === 'comment'}>{t.addComment}</Button>
          </form>
        )}
      </Section>

      {open && (
        <Section title={t.assignTitle}>
          <form className="mt-2" onSubmit={submit('assign', () => assignTicket(ticket.id, assignee), () => setAssignee(''), t.assigned)}>
            <AssigneePicker value={assignee} error={errors.assignee} onChange={setAssignee} t={t} />
            <div className="mt-2 flex flex-wrap gap-2">
              <Button type="submit" busy={busy === 'assign'}>{t.assign}</Button>
              {me && ticket.assignee !== me && (
                <Button type="button" variant="primary" busy={busy === 'assign-me'} onClick={() => void act('assign-me', () => assignTicket(ticket.id, me), undefined, t.assigned)}>{t.assignToMe}</Button>
              )}
            </div>
          </form>
        </Section>
      )}

      {open && (
        <Section title={t.closeTitle}>
          <form className="mt-2" onSubmit={submit('close', () => closeTicket(ticket.id, resolution), () => setResolution(''))}>
            <TextAreaField label={t.resolution} hint={t.resolutionHint} value={resolution} error={errors.resolution} maxLength={2000} required onChange={(e) => setResolution(e.target.value)} />
            <Button type="submit" variant="danger" className="mt-2" busy={busy === 'close'}>{t.close}</Button>
          </form>
        </Section>
      )}

      <Section title={t.historyTitle}>
        <ol aria-label={t.historyTitle} className="mt-2 space-y-1 text-sm text-slate-700">
          {ticket.history.map((h, i) => (
            <li key={i}>
              <span className="text-xs text-slate-500">{formatDateTime(h.at)}</span> · {t.actions[h.action]} · {person(h.by)}{h.note ? ` · ${h.note}` : ''}
            </li>
          ))}
        </ol>
      </Section>
    </>
  );
}

/** The admins and technicians from the pool's groups, by name: the server takes no one else (docs/stations.md, "Tickets"). */
function AssigneePicker({ value, error, onChange, t }: { value: string; error: string | undefined; onChange: (email: string) => void; t: Texts }) {
  const staff = useQuery(ticketQueries.staff());
  if (staff.isError) {
    return (
      <InlineAlert tone="error">
        {t.staffError} <Button size="sm" variant="ghost" onClick={() => void staff.refetch()}>{t.retry}</Button>
      </InlineAlert>
    );
  }
  const options = [{ value: '', label: t.choose }, ...(staff.data ?? []).map((s) => ({ value: s.email, label: t.staffOption(s.name, t.roles[s.role], s.email) }))];
  return <SelectField label={t.assignee} value={value} error={error} options={options} disabled={staff.isPending} onChange={(e) => onChange(e.target.value)} />;
}

function SourceRow({ source, stationName, t }: { source: Ticket['sources'][number]; stationName: string; t: Texts }) {
  const rules = useMessages(adminAlerts).rules;
  const detail = useSourceDetail();
  const [photo, setPhoto] = useState<string | null>(null);
  const showPhoto = async () => {
    try {
      setPhoto((await authedApi('adminGetProblemReportPhoto', { params: { id: source.id } })).dataUrl);
    } catch {
      toast({ title: t.photoFailed, variant: 'destructive' });
    }
  };
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <p className="text-xs text-slate-500">{source.kind === 'alert' ? t.alertSource : t.reportSource} · {formatDateTime(source.at)}</p>
      <p className="mt-1 text-sm break-words text-slate-800">{detail(source)}</p>
      {source.rule && (
        <Link to="/admin/alerts" className="mt-1 inline-flex min-h-8 items-center text-xs font-semibold text-brand-700 hover:underline">{rules[source.rule]}</Link>
      )}
      {source.photo && !photo && <Button size="sm" variant="ghost" className="mt-1" onClick={() => void showPhoto()}>{t.showPhoto}</Button>}
      {photo && <img src={photo} alt={t.photoAlt(stationName)} className="mt-2 max-h-64 rounded-lg ring-1 ring-slate-200" />}
    </li>
  );
}
