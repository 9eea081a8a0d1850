import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { ALERT_VEND_FAILURE_WINDOW } from '@shared/constants';
import {
  ALERT_RECIPIENT_SETTINGS,
  ALERT_REPEAT_SETTINGS,
  defaultSettings,
  Settings,
} from '@shared/schemas/settings';
import { alertRules } from '@shared/schemas/alert';
import { fieldMessages } from '@shared/schemas/error';
import { adminQueries, useSaveSettings } from '../../api/admin';
import { ApiRequestError } from '../../api/client';
import { toast } from '../../components/toast';
import { adminSystem } from '../../i18n/admin-system';
import { useMessages, type Translation } from '../../i18n/messages';
import { getLanguage } from '../../i18n/language';
import { useExportRows } from './export';
import { formatDateTime, parseRupiah } from './format';
import { AlertIcon, BookIcon, ClockIcon, ExternalIcon, SlidersIcon } from './icons';
import { Button, Card, EmptyState, LoadingRows, TextField } from '@frontend/components/ui';

type Key = keyof Settings;
type Texts = Translation<(typeof adminSystem)['en']>;
type Unit = keyof Texts['units'];
type Field = { key: Key; label: string; unit: string; hint: string; step?: string; text?: true };

// The order of the form; labels, units and hints come from the texts in the chosen language.
const NUMBERS: { key: Exclude<keyof Texts['fields'], 'alertRepeatMinutes' | 'alertRecipients'>; unit: Unit; step?: string }[] = [
  { key: 'pricePerLitre', unit: 'idr' },
  { key: 'minBalancePoints', unit: 'points' },
  { key: 'minTopup', unit: 'idr' },
  { key: 'heartbeatIntervalSeconds', unit: 'seconds' },
  { key: 'vendTokenExpirySeconds', unit: 'seconds' },
  { key: 'nfcTokenExpirySeconds', unit: 'seconds' },
  { key: 'offlineAllowanceMl', unit: 'millilitres' },
  { key: 'offlineSettlementWindowMinutes', unit: 'minutes' },
  { key: 'paidVendCutoffSeconds', unit: 'seconds' },
  { key: 'guestRefundGraceHours', unit: 'hours' },
  { key: 'bottleLitres', unit: 'litres', step: '0.01' },
  { key: 'co2KgPerBottle', unit: 'kg', step: '0.0001' },
  { key: 'hostRevenueSharePercent', unit: 'percent', step: '0.1' },
  { key: 'alertOfflineMinutes', unit: 'minutes' },
  { key: 'alertWaterLevelPercent', unit: 'percent' },
  { key: 'alertTdsMaxPpm', unit: 'ppm' },
  { key: 'alertNoVendHours', unit: 'hours' },
  { key: 'alertFilterLifePercent', unit: 'percent' },
];
const AFTER_VEND_FAILURES: typeof NUMBERS = [
  { key: 'alertDeadLetterMessages', unit: 'messages' },
  { key: 'safetyTdsMaxPpm', unit: 'ppm' },
  { key: 'sanitationIntervalDays', unit: 'days' },
];

function fieldsOf(t: Texts): Field[] {
  const number = ({ key, unit, step }: (typeof NUMBERS)[number]): Field => ({ key, ...t.fields[key], unit: t.units[unit], ...(step ? { step } : {}) });
  return [
    ...NUMBERS.map(number),
    { key: 'alertVendFailurePercent', label: t.vendFailures.label, unit: t.units.percent, hint: t.vendFailures.hint(ALERT_VEND_FAILURE_WINDOW) },
    ...AFTER_VEND_FAILURES.map(number),
    { key: 'alertRepeatMinutes', ...t.fields.alertRepeatMinutes, unit: t.units.minutes },
    ...alertRules.map((rule) => ({ key: ALERT_REPEAT_SETTINGS[rule], label: t.ruleRepeat(t.ruleNames[rule]), unit: t.units.minutes, hint: t.ruleRepeatHint })),
    { key: 'alertRecipients', ...t.fields.alertRecipients, unit: t.units.addresses, text: true },
    ...alertRules.map((rule) => ({
      key: ALERT_RECIPIENT_SETTINGS[rule], label: t.ruleRecipients(t.ruleNames[rule]), unit: t.units.addresses, hint: t.ruleRecipientsHint, text: true as const,
    })),
    { key: 'supportWhatsApp', ...t.fields.supportWhatsApp, unit: '', text: true },
    { key: 'supportEmail', ...t.fields.supportEmail, unit: '', text: true },
  ];
}
// The keys only, the same in every language: what the draft holds and saves.
const FIELDS = fieldsOf(adminSystem.en);

type Draft = Record<Key, string>;
const toDraft = (s: Settings): Draft => Object.fromEntries(FIELDS.map((f) => [f.key, String(s[f.key])])) as Draft;
// Amounts of rupiah read as the console shows them ('1.200'); other figures as plain numbers.
const RUPIAH_FIELDS = new Set<string>(NUMBERS.filter((f) => f.unit === 'idr').map((f) => f.key));
const numberOf = (key: string, text: string) => (text.trim() === '' ? Number.NaN : RUPIAH_FIELDS.has(key) ? parseRupiah(text) : Number(text));
const fromDraft = (d: Draft) => Object.fromEntries(FIELDS.map((f) => [f.key, f.text ? d[f.key].trim() : numberOf(f.key, d[f.key])]));

/** System: the settings every function reads (validated, saved with an audit entry), their history, and the API docs. */
export function SystemTab() {
  const t = useMessages(adminSystem);
  const fields = fieldsOf(t);
  const labels: Record<string, string> = Object.fromEntries(fields.map((f) => [f.key, f.label]));
  const settings = useQuery(adminQueries.settings());
  const history = useQuery(adminQueries.settingsHistory());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data && !draft) setDraft(toDraft(settings.data));
  }, [settings.data, draft]);

  useExportRows(() => ({
    name: 'settings',
    header: ['Setting', 'Value', 'Unit'],
    rows: settings.data ? fields.map((f) => [f.label, settings.data[f.key], f.unit]) : [],
  }));

  const saveSettings = useSaveSettings({
    onSuccess: (saved, { kind }) => {
      setDraft(toDraft(saved));
      toast({ title: kind === 'reset' ? t.defaultsRestored : t.saved, description: t.savedHint, variant: 'success' });
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.body?.fields) setErrors(error.body.fields);
      toast({
        title: t.saveFailed,
        description: error instanceof ApiRequestError ? error.serverMessage : t.networkError,
        variant: 'destructive',
      });
    },
  });
  const saving = saveSettings.isPending ? saveSettings.variables.kind : null;

  const save = (values: unknown, kind: 'save' | 'reset') => {
    if (saveSettings.isPending) return;
    const parsed = Settings.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error.issues, getLanguage()));
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
            <h2 id="system-config-title" className="font-semibold text-slate-900">{t.title}</h2>
            <p className="text-sm text-slate-500">{t.intro}</p>
          </div>
        </div>
        {settings.isPending || !draft ? (
          settings.isError ? <EmptyState icon={<AlertIcon />} title={t.loadError} /> : <LoadingRows label={t.loading} />
        ) : (
          <form
            aria-label={t.title}
            noValidate
            className="mt-5"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              save(fromDraft(draft), 'save');
            }}
          >
            <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
              {fields.map((f) => (
                <TextField
                  key={f.key}
                  label={`${f.label} (${f.unit})`}
                  {...(f.text ? { type: 'text', inputMode: 'email' as const } : { type: 'number', inputMode: 'decimal' as const, step: f.step ?? '1' })}
                  value={draft[f.key]}
                  onChange={(e) => setDraft((d) => (d ? { ...d, [f.key]: e.target.value } : d))}
                  error={errors[f.key]}
                  hint={f.text ? f.hint : t.withDefault(f.hint, String(defaultSettings()[f.key]))}
                />
              ))}
            </div>
            <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
              <Button type="submit" variant="primary" busy={saving === 'save'} disabled={saving !== null}>{t.save}</Button>
              <Button onClick={() => save(defaultSettings(), 'reset')} busy={saving === 'reset'} disabled={saving !== null}>{t.reset}</Button>
              {dirty && <span className="text-xs font-medium text-amber-700">{t.unsaved}</span>}
            </div>
          </form>
        )}
      </section>

      <aside className="space-y-6">
        <Card className="bg-gradient-to-br from-ocean-900 to-brand-900 p-5 text-white ring-0">
          <div className="flex items-center gap-3">
            <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-white/10"><BookIcon /></span>
            <h2 className="font-semibold">{t.apiDocs}</h2>
          </div>
          <p className="mt-3 text-sm text-brand-100">{t.apiDocsIntro}</p>
          <a href="/api-docs" target="_blank" rel="noopener" className="mt-4 inline-flex items-center gap-2 rounded-xl bg-white px-4 py-2 text-sm font-semibold text-ocean-900 hover:bg-brand-50">
            {t.openApiDocs} <ExternalIcon size={15} />
          </a>
        </Card>

        <Card className="p-5">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900"><ClockIcon /> {t.recentChanges}</h2>
          {history.isPending ? (
            <p className="mt-3 text-sm text-slate-500">{t.historyLoading}</p>
          ) : !history.data?.length ? (
            <p className="mt-3 text-sm text-slate-500">{t.noChanges}</p>
          ) : (
            <ol aria-label={t.history} className="mt-3 space-y-3">
              {history.data.map((h) => (
                <li key={`${h.at}-${h.actor}`} className="border-l-2 border-brand-200 pl-3">
                  <p className="text-xs text-slate-500">{formatDateTime(h.at)} · {h.actor.replace(/^admin:/, '')}</p>
                  {Object.keys(h.changes).length === 0 ? (
                    <p className="text-sm text-slate-600">{t.savedWithoutChanges}</p>
                  ) : (
                    <ul className="text-sm text-slate-700">
                      {Object.entries(h.changes).map(([k, c]) => (
                        <li key={k}>
                          {labels[k] ?? k}: <span className="text-slate-500 line-through">{String(c.from)}</span> → <strong>{String(c.to)}</strong>
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
