import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CommandDetail } from '@shared/schemas/command';
import { ApiRequestError } from '@frontend/api/client';
import { abortCommand, commandKeys, commandQueries } from '@frontend/api/commands';
import { toast } from '@frontend/components/toast';
import { adminCommands } from '@frontend/i18n/admin-commands';
import { useLanguage } from '@frontend/i18n/language';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { formatDateTime } from '../format';
import { Button, Card, EmptyState, LoadingRows, Pill } from '@frontend/components/ui';
import { commandTone, describeAction } from './CommandsPage';

type Texts = Translation<(typeof adminCommands)['en']>;
type Execution = CommandDetail['executions'][number];

/** A cell of the stations table: narrower padding on a phone. */
const cell = 'px-3 py-2 align-top sm:px-4';

const executionTone = (status: Execution['status']) =>
  status === 'succeeded' ? 'green' : status === 'in_progress' ? 'blue' : status === 'queued' ? 'slate' : status === 'canceled' ? 'violet' : 'red';

/** /admin/commands/$id: each station's status with its progress and rollout step, the history, and Abort while in progress. */
export function CommandPage({ id }: { id: string }) {
  const t = useMessages(adminCommands);
  const language = useLanguage();
  const command = useQuery(commandQueries.one(id, language));
  return (
    <ConsoleSubpage back={t.back} title={command.data ? describeAction(command.data.action, t) : t.title} intro={command.data ? t.sentBy(command.data.createdBy.replace(/^[a-z]+:/, ''), formatDateTime(command.data.createdAt)) : ''}>
      <Link to="/admin/commands" className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">{t.backToList}</Link>
      {command.isPending ? (
        <LoadingRows label={t.loading} />
      ) : command.isError ? (
        <EmptyState title={command.error instanceof ApiRequestError && command.error.status === 404 ? t.notFound : t.loadError}>
          <Button className="mt-3" onClick={() => void command.refetch()}>{t.retry}</Button>
        </EmptyState>
      ) : (
        <CommandView command={command.data} t={t} />
      )}
    </ConsoleSubpage>
  );
}

function CommandView({ command, t }: { command: CommandDetail; t: Texts }) {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const [busy, setBusy] = useState(false);
  const abort = async () => {
    if (!window.confirm(t.abortConfirm)) return;
    setBusy(true);
    try {
      queryClient.setQueryData(commandQueries.one(command.id, language).queryKey, await abortCommand(command.id));
      toast({ title: t.aborted });
      await queryClient.invalidateQueries({ queryKey: commandKeys.list });
    } catch (error) {
      toast({ title: t.failed, description: error instanceof ApiRequestError ? error.serverMessage : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Card className="mt-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Pill tone={commandTone(command.status)}>{t.statuses[command.status]}</Pill>
          <span className="text-sm text-slate-700">{t.summary(command.stations, command.step, command.steps)}</span>
        </div>
        <p className="mt-2 text-sm text-slate-700" data-testid="command-counts">{t.counts(command.counts.succeeded, command.counts.failed, command.counts.canceled)}</p>
        {command.status === 'in_progress' && <Button variant="danger" className="mt-3" busy={busy} onClick={() => void abort()}>{t.abort}</Button>}
      </Card>

      {/* On a phone the step and the reason (a timed-out one is long) go under the status, so the table fits 390 px. */}
      <Card className="mt-4 overflow-x-auto p-0">
        <table className="w-full text-left text-sm" aria-label={t.target}>
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th scope="col" className={cell}>{t.station}</th>
              <th scope="col" className={`${cell} max-sm:hidden`}>{t.step}</th>
              <th scope="col" className={cell}>{t.status}</th>
              <th scope="col" className={cell}>{t.progress}</th>
              <th scope="col" className={`${cell} max-sm:hidden`}>{t.detail}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {command.executions.map((e) => (
              <tr key={e.stationId}>
                <td className={`${cell} font-mono text-xs whitespace-nowrap`}><Link to="/admin/stations/$id" params={{ id: e.stationId }} className="inline-flex min-h-11 items-center text-brand-700 hover:underline">{e.stationId}</Link></td>
                <td className={`${cell} max-sm:hidden`}>{e.step}</td>
                <td className={cell}>
                  <Pill tone={executionTone(e.status)}>{t.executionStatuses[e.status]}</Pill>
                  <p className="mt-1 text-xs break-words text-slate-600 sm:hidden" data-testid="execution-detail">{t.step} {e.step}{e.reason ? ` · ${e.reason}` : ''}</p>
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  <progress className="h-2 w-14 accent-brand-600 sm:w-24" max={100} value={e.progress ?? 0} aria-label={t.progressOf(e.stationId)} />
                  <span className="ml-2 text-xs text-slate-600">{e.progress === null ? '—' : `${e.progress}%`}</span>
                </td>
                <td className={`${cell} min-w-56 text-xs break-words text-slate-600 max-sm:hidden`}>{e.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <Card className="mt-4 p-4">
        <h2 className="text-base font-semibold text-slate-900">{t.historyTitle}</h2>
        <ol aria-label={t.historyTitle} className="mt-2 space-y-1 text-sm text-slate-700">
          {command.history.map((h, i) => (
            <li key={i}><span className="font-medium">{t.actions[h.action]}</span> · {h.note} · <span className="text-slate-500">{h.by.replace(/^[a-z]+:/, '')}, {formatDateTime(h.at)}</span></li>
          ))}
        </ol>
      </Card>
    </>
  );
}
