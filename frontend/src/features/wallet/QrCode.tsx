import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Renders a QR string (QRIS) as an image with the installed `qrcode` package. */
export function QrCode({ value, label, size = 256 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 1, width: size, color: { dark: '#083344', light: '#ffffff' } })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [value, size]);
  return (
    <div className="mx-auto flex aspect-square w-56 max-w-full items-center justify-center overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
      {src ? (
        <img src={src} alt={label} data-testid="payment-qr" data-qr-value={value} className="h-full w-full p-2" />
      ) : (
        <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600" />
      )}
    </div>
  );
}
