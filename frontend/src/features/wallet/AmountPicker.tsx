import { useId } from 'react';
import { MIN_TOPUP_IDR } from '@shared/constants';
import { formatRupiah } from '@shared/money';
import { useMessages } from '../../i18n/messages';
import { walletTexts } from '../../i18n/wallet';
import { digitsOnly, PRESETS } from './amount';

/** The amount of a top-up: three presets, or a custom amount that overrides them. */
export function AmountPicker({ preset, custom, onPreset, onCustom }: { preset: number; custom: string; onPreset: (value: number) => void; onCustom: (digits: string) => void }) {
  const t = useMessages(walletTexts);
  const customId = useId();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-700">{t.amount}</legend>
      <div className="grid grid-cols-3 gap-2">
        {PRESETS.map((value) => {
          const active = custom === '' && preset === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={active}
              onClick={() => onPreset(value)}
              className={`min-h-11 rounded-xl px-2 py-3 text-sm font-semibold tabular-nums ring-1 transition ${active ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-800 ring-slate-200 hover:ring-brand-300'}`}
            >
              {formatRupiah(value)}
            </button>
          );
        })}
      </div>
      <label htmlFor={customId} className="mt-3 block text-xs font-medium text-slate-600">{t.customAmount}</label>
      <div className="mt-1 flex items-center rounded-xl bg-white ring-1 ring-slate-200 focus-within:ring-2 focus-within:ring-brand-500">
        <span className="pl-3 text-sm text-slate-600" aria-hidden="true">Rp</span>
        <input
          id={customId}
          name="customAmount"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t.minimumPlaceholder(formatRupiah(MIN_TOPUP_IDR).replace('Rp ', ''))}
          value={custom}
          onChange={(e) => onCustom(digitsOnly(e.target.value))}
          className="w-full rounded-xl bg-transparent px-2 py-3 text-sm tabular-nums text-slate-900 outline-none"
        />
      </div>
    </fieldset>
  );
}
