import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from '@shared/geo';

/**
 * The visitor's position; a denial or failure is tolerated silently. Asked at once (the finder), or, with
 * `ask: false`, only when the visitor allowed it before or calls `locate` (the landing page's "near me").
 */
export function useGeolocation({ ask = true }: { ask?: boolean } = {}) {
  const [position, setPosition] = useState<LatLng | null>(null);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (p) => setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => undefined,
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 15_000 },
    );
  }, []);
  useEffect(() => {
    if (ask) return locate();
    let live = true;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => live && status.state === 'granted' && locate())
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ask, locate]);
  return { position, locate };
}
