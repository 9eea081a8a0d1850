import { STATION_TYPES } from '@shared/constants';
import type { Machine, StationType } from '@shared/schemas/machine';
import { useUpdateStationListing } from '@frontend/api/station-listing';
import { useMessages } from '@frontend/i18n/messages';
import { stationListing } from '@frontend/i18n/station-listing';
import { Card, SelectField } from '@frontend/components/ui';

/** Whether the public lists show the station (hidden: being installed, a test machine), and the kind of place it is at. */
export function PublicListingCard({ machine }: { machine: Machine }) {
  const t = useMessages(stationListing);
  const save = useUpdateStationListing(machine);
  const hidden = save.isPending && save.variables.hidden !== undefined ? save.variables.hidden : machine.hidden === true;
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="font-semibold text-slate-900">{t.title}</h2>
      <p className="mt-1 text-xs text-slate-500">{t.text}</p>
      <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={!hidden}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ hidden: !e.target.checked })}
          className="peer sr-only"
          data-testid="public-listing"
        />
        {/* The whole label is the target (at least 44 px high); the box only shows the state. */}
        <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-md border-2 border-slate-400 text-white peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600">
          {!hidden && '✓'}
        </span>
        {t.shown}
      </label>
      {hidden && <p className="text-xs font-semibold text-amber-800" data-testid="hidden-note">{t.hiddenNow}</p>}
      <SelectField
        className="mt-3"
        label={t.type}
        value={machine.type ?? ''}
        disabled={save.isPending}
        onChange={(e) => save.mutate({ type: STATION_TYPES.find((type) => type === e.target.value) ?? null })}
        options={[{ value: '', label: t.noType }, ...STATION_TYPES.map((type: StationType) => ({ value: type, label: t.types[type] }))]}
      />
      {save.isSuccess && <p role="status" className="mt-2 text-sm text-emerald-700">{t.saved}</p>}
      {save.isError && <p role="alert" className="mt-2 text-sm text-red-700">{t.failed}</p>}
    </Card>
  );
}
