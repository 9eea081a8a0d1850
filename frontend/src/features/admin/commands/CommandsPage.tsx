import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { RouteBody } from '@shared/routes';
import type { Command } from '@shared/schemas/command';
import { ApiRequestError } from '@frontend/api/client';
import { commandKeys, commandQueries, createCommand } from '@frontend/api/commands';
import { toast } from '@frontend/components/toast';
import { adminCommands } from '@frontend/i18n/admin-commands';
import { useMessages, type Translation } from '@frontend/i18n/messages';
import { ConsoleSubpage } from '../ConsoleSubpage';
import { formatDateTime, formatRupiah, parseRupiah } from '../format';
import { Button, Card, EmptyState, LoadingRows, Pill, SelectField, TextAreaField, TextField } from '@frontend/components/ui';

type Texts = Translation<(typeof adminCommands)['en']>;
type CommandType = Command['action']['type'];
const TYPES: readonly CommandType[] = ['setPrice', 'lock', 'unlock', 'restart', 'firmware'];

export const commandTone = (status: Command['status']) => (status === 'in_progress' ? 'blue' : status === 'succeeded' ? 'green' : status === 'failed' ? 'amber' : 'red');

/** What a command does, in a few words (the list and the page's title). */
export function describeAction(action: Command['action'], t: Texts): string {
  switch (action.type) {
    case 'setPrice': return `${t.types.setPrice}: ${formatRupiah(action.pricePerLitre)}`;
    case 'lock': return `${t.types.lock}: ${action.reason}`;
    case 'firmware': return `${t.types.firmware}: ${action.version} (${action.rollout.stepPercent}% / ${action.rollout.abortFailurePercent}%)`;
    default: return t.types[action.type];
  }
}

/** /admin/commands (administrators): the commands sent, newest first, and the form for a new one. */
export function CommandsPage() {
  const t = useMessages(adminCommands);
  const commands = useInfiniteQuery(commandQueries.list());
  const items = commands.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ConsoleSubpage back={t.back} title={t.title} intro={t.intro}>
      <NewCommand t={t} />
      <div className="mt-4">
        {commands.isPending ? (
          <LoadingRows label={t.loading} />
        ) : commands.isError ? (
          <EmptyState title={t.loadError}><Button className="mt-3" onClick={() => void commands.refetch()}>{t.retry}</Button></EmptyState>
        ) : items.length === 0 ? (
          <Card className="p-6 text-sm text-slate-600">{t.empty}</Card>
        ) : (
          <ul aria-label={t.title} className="space-y-3">
            {items.map((command) => (
              <li key={command.id}>
                <Card className="p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <Pill tone={commandTone(command.status)}>{t.statuses[command.status]}</Pill>
                    <Link to="/admin/commands/$id" params={{ id: command.id }} className="font-semibold break-words text-brand-700 hover:underline">{describeAction(command.action, t)}</Link>
                  </div>
                  <p className="mt-1 text-sm text-slate-700">{t.summary(command.stations, command.step, command.steps)} · {t.counts(command.counts.succeeded, command.counts.failed, command.counts.canceled)}</p>
                  <p className="mt-1 text-xs text-slate-500">{t.sentBy(command.createdBy.replace(/^[a-z]+:/, ''), formatDateTime(command.createdAt))}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
        {commands.hasNextPage && <Button className="mt-3" busy={commands.isFetchingNextPage} onClick={() => void commands.fetchNextPage()}>{t.loadMore}</Button>}
      </div>
    </ConsoleSubpage>
  );
}

function NewCommand({ t }: { t: Texts }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [type, setType] = useState<CommandType>('setPrice');
  const [price, setPrice] = useState('');
  const [reason, setReason] = useState('');
  const [version, setVersion] = useState('');
  const [stepPercent, setStepPercent] = useState('25');
  const [abortPercent, setAbortPercent] = useState('10');
  const [all, setAll] = useState(false);
  const [stationIds, setStationIds] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const body = (): RouteBody<'adminCreateCommand'> => {
    const target = all ? { all: true as const } : { stationIds: stationIds.split(/[\s,]+/).map((s) => s.trim().toUpperCase()).filter(Boolean) };
    switch (type) {
      case 'setPrice': return { type, pricePerLitre: parseRupiah(price), target };
      case 'lock': return { type, reason, target };
      case 'firmware': return { type, version, rollout: { stepPercent: Number(stepPercent), abortFailurePercent: Number(abortPercent) }, target };
      default: return { type, target };
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const command = await createCommand(body());
      toast({ title: t.sent });
      await queryClient.invalidateQueries({ queryKey: commandKeys.all });
      void navigate({ to: '/admin/commands/$id', params: { id: command.id } });
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
      if (fields) setErrors(fields);
      else toast({ title: t.failed, description: error instanceof ApiRequestError ? error.serverMessage : undefined, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mt-4 p-4">
      <h2 className="text-base font-semibold text-slate-900">{t.newTitle}</h2>
      <form className="mt-3 grid gap-3 sm:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
        <SelectField label={t.type} value={type} error={errors.type} onChange={(e) => setType(e.target.value as CommandType)} options={TYPES.map((v) => ({ value: v, label: t.types[v] }))} />
        {type === 'setPrice' && <TextField label={t.pricePerLitre} hint={t.priceHint} inputMode="numeric" value={price} error={errors.pricePerLitre} required onChange={(e) => setPrice(e.target.value)} />}
        {type === 'lock' && <TextField label={t.reason} hint={t.reasonHint} value={reason} error={errors.reason} maxLength={500} required onChange={(e) => setReason(e.target.value)} />}
        {type === 'firmware' && (
          <>
            <TextField label={t.version} value={version} error={errors.version} maxLength={64} required onChange={(e) => setVersion(e.target.value)} />
            <TextField label={t.stepPercent} hint={t.stepHint} inputMode="numeric" value={stepPercent} error={errors['rollout.stepPercent'] ?? errors.rollout} required onChange={(e) => setStepPercent(e.target.value)} />
            <TextField label={t.abortFailurePercent} hint={t.abortHint} inputMode="numeric" value={abortPercent} error={errors['rollout.abortFailurePercent']} required onChange={(e) => setAbortPercent(e.target.value)} />
          </>
        )}
        <SelectField label={t.target} value={all ? 'all' : 'some'} onChange={(e) => setAll(e.target.value === 'all')}
          options={[{ value: 'some', label: t.someStations }, { value: 'all', label: t.allStations }]} />
        {!all && (
          <TextAreaField label={t.stationIds} hint={t.stationIdsHint} value={stationIds} rows={2} error={errors['target.stationIds'] ?? errors.target} onChange={(e) => setStationIds(e.target.value)} />
        )}
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" busy={busy}>{t.send}</Button>
        </div>
      </form>
    </Card>
  );
}
