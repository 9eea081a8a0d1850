import { Link } from '@tanstack/react-router';
import { guestTexts } from '../../i18n/guest';
import { useMessages } from '../../i18n/messages';

/** The admin header's way to the printable station stickers; not on a phone, where the header has no room and nobody prints. */
export function StickersLink() {
  const t = useMessages(guestTexts);
  return (
    <Link to="/admin/stickers" className="hidden h-11 items-center rounded-xl sm:inline-flex px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900">
      {t.stickerTitle}
    </Link>
  );
}
