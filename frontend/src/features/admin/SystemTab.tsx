import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ALERT_VEND_FAILURE_WINDOW } from '@shared/constants';
import { ALERT_RECIPIENT_SETTINGS, ALERT_REPEAT_SETTINGS, alertRules, defaultSettings, fieldMessages, Settings, type AlertRule, type Settings as SettingsValue } from '@shared/schemas';
import { adminApi, adminQueries } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { useExportRows } from './export';
import { formatDateTime } from './format';
import { AlertIcon, BookIcon, ClockIcon, ExternalIcon, SlidersIcon } from './icons';
import { Button, Card, EmptyState, LoadingRows, TextField } from './ui';

type Key = keyof Settings;
const RULE_NAMES: Record<AlertRule, string> = {
  offline: 'station offline', lowWater: 'water low', quality: 'water quality', noVend: 'no vend', filterLife: 'filter life', vendFailures: 'failed vends', deadLetters: 'dead letters',
};
const FIELDS: { key: Key; label: string; unit: string; hint: string; step?: string; text?: true }[] = [
  { key: 'pricePerLitre', label: 'Price per litre', unit: 'IDR', hint: 'What one litre costs at every station.' },
  { key: 'minBalancePoints', label: 'Minimum balance', unit: 'points', hint: 'Balance needed to unlock vending (1 point = Rp 100).' },
  { key: 'minTopup', label: 'Top-up minimum', unit: 'IDR', hint: 'Smallest amount the top-up accepts.' },
  { key: 'heartbeatIntervalSeconds', label: 'Heartbeat interval', unit: 'seconds', hint: 'Stations report every interval; offline after three missed.' },
  { key: 'vendTokenExpirySeconds', label: 'Vend token expiry', unit: 'seconds', hint: 'Lifetime of the signed token a station verifies.' },
  { key: 'nfcTokenExpirySeconds', label: 'NFC token expiry', unit: 'seconds', hint: 'Lifetime of the token the app shows to pay.' },
  { key: 'paidVendCutoffSeconds', label: 'Paid refill cutoff', unit: 'seconds', hint: 'A refill paid in the app starts only if the payment is confirmed within this time; later, the money stays in the wallet.' },
  { key: 'bottleLitres', label: 'Bottle size', unit: 'litres', hint: 'One refill of this size replaces one plastic bottle.', step: '0.01' },
  { key: 'co2KgPerBottle', label: 'CO₂ per bottle', unit: 'kg', hint: 'Emissions avoided per bottle not bought.', step: '0.0001' },
  { key: 'alertOfflineMinutes', label: 'Alert: station offline after', unit: 'minutes', hint: 'An alert when a station sends no heartbeat for this long (0 turns it off).' },
  { key: 'alertWaterLevelPercent', label: 'Alert: water level below', unit: '%', hint: 'An alert when a heartbeat reports less water (0 turns it off).' },
  { key: 'alertTdsMaxPpm', label: 'Alert: TDS above', unit: 'ppm', hint: 'An alert when the water quality reading is higher (0 turns it off).' },
  { key: 'alertNoVendHours', label: 'Alert: no vend while online for', unit: 'hours', hint: 'An alert when a station keeps reporting but nobody refilled (0 turns it off).' },
  { key: 'alertFilterLifePercent', label: 'Alert: filter life below', unit: '%', hint: 'An alert when a station reports less filter life left (0 turns it off).' },
  { key: 'alertVendFailurePercent', label: 'Alert: failed vends above', unit: '%', hint: `An alert when more of a station's vends fail, judged every ${ALERT_VEND_FAILURE_WINDOW} attempts (0 turns it off).` },
  { key: 'alertDeadLetterMessages', label: 'Alert: dead-letter messages from', unit: 'messages', hint: 'An alert when this many messages wait in the dead-letter queues: something was not processed (0 turns it off).' },
  { key: 'safetyTdsMaxPpm', label: 'Water safety: lock above TDS', unit: 'ppm', hint: 'A heartbeat with more locks the station until an admin or a technician clears it (0 turns it off).' },
  { key: 'sanitationIntervalDays', label: 'Water safety: sanitation every', unit: 'days', hint: 'A station whose last sanitation is older is locked until a visit is recorded and the lock cleared (0 turns it off).' },
  { key: 'alertRepeatMinutes', label: 'Alert: e-mail again every', unit: 'minutes', hint: 'An alert nobody acknowledged is e-mailed again this often, unless its rule has its own interval below.' },
  ...alertRules.map((rule) => ({
    key: ALERT_REPEAT_SETTINGS[rule], label: `Alert: ${RULE_NAMES[rule]}, e-mail again every`, unit: 'minutes',
    hint: 'This rule\'s own repeat interval (0: the interval above).',
  })),
  { key: 'alertRecipients', label: 'Alert: e-mail to', unit: 'addresses', hint: "Who is told of every rule without recipients of its own, separated by commas (empty: the deployment's operations address).", text: true },
  ...alertRules.map((rule) => ({
    key: ALERT_RECIPIENT_SETTINGS[rule], label: `Alert: ${RULE_NAMES[rule]}, e-mail to`, unit: 'addresses',
    hint: 'Who is told of this rule, separated by commas (empty: the addresses above).', text: true as const,
  })),
];
const LABELS = Object.fromEntries(FIELDS.map((f) => [f.key, f.label])) as Record<string, string>;

type Draft = Record<Key, string>;
const toDraft = (s: Settings): Draft => Object.fromEntries(FIELDS.map((f) => [f.key, String(s[f.key])])) as Draft;
const fromDraft = (d: Draft) => Object.fromEntries(FIELDS.map((f) => [f.key, f.text ? d[f.key].trim() : d[f.key].trim() === '' ? Number.NaN : Number(d[f.key])]));

/** System: the settings every function reads (validated, saved with an audit entry), their history, and the API docs. */
export function SystemTab() {
  const settings = useQuery(adminQueries.settings());
  const history = useQuery(adminQueries.settingsHistory());
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data && !draft) setDraft(toDraft(settings.data));
  }, [settings.data, draft]);

  useExportRows(() => ({
    name: 'settings',
    header: ['Setting', 'Value', 'Unit'],
    rows: settings.data ? FIELDS.map((f) => [f.label, settings.data[f.key], f.unit]) : [],
  }));

  const saveSettings = useMutation({
    mutationFn: ({ values }: { values: SettingsValue; kind: 'save' | 'reset' }) => adminApi.saveSettings(values),
    onSuccess: async (saved, { kind }) => {
      queryClient.setQueryData(adminQueries.settings().queryKey, saved);
      setDraft(toDraft(saved));
      await queryClient.invalidateQueries({ queryKey: adminQueries.settingsHistory().queryKey });
      toast({ title: kind === 'reset' ? 'Defaults restored' : 'Configuration saved', description: 'Every station and the app use the new values now.', variant: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
      toast({
        title: 'Failed to save configuration',
        description: error instanceof ApiRequestError ? error.serverMessage : 'Network error occurred',
        variant: 'destructive',
      });
    },
  });
  const saving = saveSettings.isPending ? saveSettings.variables.kind : null;

  const save = (values: unknown, kind: 'save' | 'reset') => {
    if (saveSettings.isPending) return;
    const parsed = Settings.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues));
      return;
    }
    setErrors({});
    saveSettings.mutate({ values: parsed.data, kind });
  };

  const dirty = Boolean(draft && settings.data && FIELDS.some((f) => (f.text ? draft[f.key].trim() : Number(draft[f.key])) !== settings.data[f.key]));

  return (
    <div className="grid gap-6 p-6 xl:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
      <section aria-labelledby="system-config-title">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700"><SlidersIcon /></span>
          <div>
            <h2 id="system-config-title" className="font-semibold text-slate-900">System configuration</h2>
            <p className="text-sm text-slate-500">Business constants read by the API, the stations and the app.</p>
          </div>
        </div>
        {settings.isPending || !draft ? (
          settings.isError ? <EmptyState icon={<AlertIcon />} title="Failed to load settings" /> : <LoadingRows label="Loading settings..." />
        ) : (
          <form
            aria-label="System configuration"
            noValidate
            className="mt-5"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              save(fromDraft(draft), 'save');
            }}
          >
            <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
              {FIELDS.map((f) => (
                <TextField
                  key={f.key}
                  label={`${f.label} (${f.unit})`}
                  {...(f.text ? { type: 'text', inputMode: 'email' as const } : { type: 'number', inputMode: 'decimal' as const, step: f.step ?? '1' })}
                  value={draft[f.key]}
                  onChange={(e) => setDraft((d) => (d ? { ...d, [f.key]: e.target.value } : d))}
                  error={errors[f.key]}
                  hint={f.text ? f.hint : `${f.hint} Default ${defaultSettings()[f.key]}.`}
                />
              ))}
            </div>
            <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
              <Button type="submit" variant="primary" busy={saving === 'save'} disabled={saving !== null}>Save Configuration</Button>
              <Button onClick={() => save(defaultSettings(), 'reset')} busy={saving === 'reset'} disabled={saving !== null}>Reset to Defaults</Button>
              {dirty && <span className="text-xs font-medium text-amber-700">Unsaved changes</span>}
            </div>
          </form>
        )}
      </section>

      <aside className="space-y-6">
        <Card className="bg-gradient-to-br from-ocean-900 to-brand-900 p-5 text-white ring-0">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-white/10"><BookIcon /></span>
            <h2 className="font-semibold">API documentation</h2>
          </div>
          <p className="mt-3 text-sm text-brand-100">Every route with its schemas, generated from the same contract the API serves.</p>
          <a href="/api-docs" target="_blank" rel="noopener" className="mt-4 inline-flex items-center gap-2 rounded-xl bg-white px-4 py-2 text-sm font-semibold text-ocean-900 hover:bg-brand-50">
            Open API docs <ExternalIcon size={15} />
          </a>
        </Card>

        <Card className="p-5">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900"><ClockIcon /> Recent changes</h2>
          {history.isPending ? (
            <p className="mt-3 text-sm text-slate-500">Loading...</p>
          ) : !history.data?.length ? (
            <p className="mt-3 text-sm text-slate-500">No changes yet: the defaults are in force.</p>
          ) : (
            <ol aria-label="Settings history" className="mt-3 space-y-3">
              {history.data.map((h) => (
                <li key={`${h.at}-${h.actor}`} className="border-l-2 border-brand-200 pl-3">
                  <p className="text-xs text-slate-500">{formatDateTime(h.at)} · {h.actor.replace(/^admin:/, '')}</p>
                  {Object.keys(h.changes).length === 0 ? (
                    <p className="text-sm text-slate-600">Saved without changes</p>
                  ) : (
                    <ul className="text-sm text-slate-700">
                      {Object.entries(h.changes).map(([k, c]) => (
                        <li key={k}>
                          {LABELS[k] ?? k}: <span className="text-slate-500 line-through">{String(c.from)}</span> → <strong>{String(c.to)}</strong>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          )}
        </Card>
      </aside>
    </div>
  );
}
