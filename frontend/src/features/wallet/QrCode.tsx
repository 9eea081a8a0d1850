import QRCode from 'qrcode';
import { useEffect, useMemo, useState } from 'react';
import { useMessages } from '../../i18n/messages';
import { qrTexts } from '../../i18n/wallet';

/**
 * Renders a QR string (QRIS) as an image with the installed `qrcode` package. With `fileName` (a payment's code) it can
 * be saved as a PNG or shared to another phone, for a payer whose paying app is not on the phone showing it.
 */
export function QrCode({ value, label, size = 256, fileName }: { value: string; label: string; size?: number; fileName?: string }) {
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
    <>
      <div className="mx-auto flex aspect-square w-56 max-w-full items-center justify-center overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        {src ? (
          <img src={src} alt={label} data-testid="payment-qr" data-qr-value={value} className="h-full w-full p-2" />
        ) : (
          <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-[3px] border-brand-100 border-t-brand-600" />
        )}
      </div>
      {src && fileName && <SaveShareQr src={src} fileName={fileName} />}
    </>
  );
}

/** The PNG of a data: URL, as a file (no fetch: the page's CSP allows data: images, not data: connections). */
function pngFileOf(dataUrl: string, fileName: string): File {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  return new File([bytes], fileName, { type: 'image/png' });
}

/** "Save QR" downloads the PNG; "Share QR" hands it to the phone's share sheet, shown only where the browser shares files. */
function SaveShareQr({ src, fileName }: { src: string; fileName: string }) {
  const t = useMessages(qrTexts);
  const file = useMemo(() => pngFileOf(src, `${fileName}.png`), [src, fileName]);
  const sharesFiles = useMemo(() => typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] }), [file]);
  const button = 'inline-flex min-h-11 flex-1 items-center justify-center rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50';
  return (
    <div className="mt-3">
      <p className="text-xs text-slate-700">{t.hint}</p>
      <div className="mt-2 flex gap-2">
        <a href={src} download={file.name} className={button} data-testid="qr-save">{t.save}</a>
        {sharesFiles && (
          <button type="button" onClick={() => void navigator.share({ files: [file], title: t.shareTitle }).catch(() => undefined)} className={button} data-testid="qr-share">
            {t.share}
          </button>
        )}
      </div>
    </div>
  );
}
