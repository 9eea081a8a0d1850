import { choiceClass } from './station-view';

/** One way to pay among the order form's choices (CardWalletChoices adds the card wallets the browser offers). */
export function MethodChoice<M extends string>({ method, label, chosen, onChoose }: { method: M; label: string; chosen: string; onChoose: (method: M) => void }) {
  return (
    <label className={choiceClass(chosen === method)}>
      <input type="radio" name="method" value={method} checked={chosen === method} onChange={() => onChoose(method)} className="absolute inset-0 h-full w-full cursor-pointer opacity-0" />
      {label}
    </label>
  );
}
