/** The home screen's overlays (kept in ?overlay=); a tiny module, because route search validation is in the main bundle. */
export type HomeOverlay = 'topup' | 'nfc' | 'map';
const HOME_OVERLAYS: readonly HomeOverlay[] = ['topup', 'nfc', 'map'];

export function validateHomeSearch(search: Record<string, unknown>): { overlay?: HomeOverlay } {
  return HOME_OVERLAYS.includes(search.overlay as HomeOverlay) ? { overlay: search.overlay as HomeOverlay } : {};
}
