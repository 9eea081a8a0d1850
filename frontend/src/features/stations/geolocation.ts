import { useCallback, useEffect, useState } from 'react';
import type { LatLng } from '@shared/geo';

/** Asks for the visitor's position once; a denial or failure is tolerated silently. */
export function useGeolocation() {
  const [position, setPosition] = useState<LatLng | null>(null);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (p) => setPosition({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => undefined,
      { enableHighAccuracy: false, maximumAge: 60_000, timeout: 15_000 },
    );
  }, []);
  useEffect(locate, [locate]);
  return { position, locate };
}
