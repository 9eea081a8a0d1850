import { useQuery } from '@tanstack/react-query';
import type { Machine } from '@shared/schemas/machine';
import { favouriteQueries, useToggleFavourite } from '../../api/favourites';
import { StarIcon } from './card-icons';
import { useMessages } from '../../i18n/messages';
import { stationTexts } from '../../i18n/stations';
import { useSession } from '../app/session';

/** The star of a station card, for signed-in users only: pressed when the station is one of their favourites. */
export function FavouriteStar({ machine }: { machine: Pick<Machine, 'id' | 'name'> }) {
  const t = useMessages(stationTexts);
  const session = useSession();
  const favourites = useQuery({ ...favouriteQueries.mine(), enabled: session.status === 'signedIn' });
  const toggle = useToggleFavourite();
  if (session.status !== 'signedIn' || !favourites.data) return null;
  const starred = favourites.data.stationIds.includes(machine.id);
  return (
    <>
      <button
        type="button"
        aria-pressed={starred}
        aria-label={t.star(machine.name)}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate({ stationId: machine.id, starred: !starred })}
        className={`inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${starred ? 'text-amber-700' : 'text-slate-600'}`}
      >
        <StarIcon size={22} fill={starred ? 'currentColor' : 'none'} />
      </button>
      {toggle.isError && <span role="alert" className="sr-only">{t.starFailed}</span>}
    </>
  );
}
