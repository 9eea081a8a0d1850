import { useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useRef } from 'react';
import type { Machine } from '@shared/schemas/machine';
import { adminQueries } from '../../api/admin';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { guestTexts } from '../../i18n/guest';
import { useMessages } from '../../i18n/messages';
import { ConsoleSubpage } from '../admin/ConsoleSubpage';
import { downloadSvg } from '../docs/download-svg';

/** A4 in millimetres, 3 x 4 stickers a sheet. */
const PAGE = { width: 210, height: 297, columns: 3, rows: 4, margin: 12 } as const;
const PER_SHEET = PAGE.columns * PAGE.rows;
const CELL = { width: (PAGE.width - 2 * PAGE.margin) / PAGE.columns, height: (PAGE.height - 2 * PAGE.margin) / PAGE.rows };
const QR_MM = 40;

/** The dark modules of a QR code as one SVG path, in module units. */
function qrPath(text: string): { path: string; size: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) path += `M${x} ${y}h1v1h-1z`;
  }
  return { path, size: modules.size };
}

const stationUrl = (id: string) => `${window.location.origin}/s/${encodeURIComponent(id)}`;

/** `/admin/stickers`: printable sheets (SVG) of every station's QR code pointing at its page `/s/{id}`. */
export function StickerSheetPage() {
  const t = useMessages(guestTexts);
  useDocumentTitle(t.stickerTitle);
  const stations = useQuery(adminQueries.machines());
  const machines = [...(stations.data ?? [])].sort((a, b) => a.id.localeCompare(b.id));
  const sheets = Array.from({ length: Math.ceil(machines.length / PER_SHEET) }, (_, i) => machines.slice(i * PER_SHEET, (i + 1) * PER_SHEET));
  const svgs = useRef<(SVGSVGElement | null)[]>([]);

  return (
    <ConsoleSubpage back={t.back} title={t.stickerTitle} intro={t.stickerIntro} printsChildrenOnly>
      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        <button type="button" onClick={() => window.print()} className="min-h-11 rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800">{t.print}</button>
        <button
          type="button"
          onClick={() => svgs.current.forEach((svg, i) => svg && downloadSvg(svg, `station-stickers-${i + 1}.svg`))}
          className="min-h-11 rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:ring-brand-700"
        >
          {t.downloadSvg}
        </button>
      </div>
      {sheets.map((sheet, i) => (
        <figure key={i} className="mt-6 break-after-page print:mt-0">
          <figcaption className="mb-2 text-sm text-slate-700 print:hidden">{t.sheet(i + 1, sheets.length)}</figcaption>
          <svg
            ref={(el) => { svgs.current[i] = el; }}
            viewBox={`0 0 ${PAGE.width} ${PAGE.height}`}
            className="w-full max-w-3xl bg-white shadow-card ring-1 ring-slate-200 print:max-w-none print:shadow-none print:ring-0"
            role="img"
            aria-label={t.sheet(i + 1, sheets.length)}
            data-testid="sticker-sheet"
          >
            <rect width={PAGE.width} height={PAGE.height} fill="#ffffff" />
            {sheet.map((machine, n) => <Sticker key={machine.id} machine={machine} index={n} scan={t.stickerScan} />)}
          </svg>
        </figure>
      ))}
    </ConsoleSubpage>
  );
}

function Sticker({ machine, index, scan }: { machine: Machine; index: number; scan: string }) {
  const x = PAGE.margin + (index % PAGE.columns) * CELL.width;
  const y = PAGE.margin + Math.floor(index / PAGE.columns) * CELL.height;
  const url = stationUrl(machine.id);
  const { path, size } = qrPath(url);
  const scale = QR_MM / size;
  const centre = x + CELL.width / 2;
  return (
    <g data-station={machine.id} data-url={url}>
      <rect x={x + 2} y={y + 2} width={CELL.width - 4} height={CELL.height - 4} rx={4} fill="none" stroke="#cbd5e1" strokeWidth={0.3} strokeDasharray="2 1.5" />
      <text x={centre} y={y + 8} textAnchor="middle" fontFamily="sans-serif" fontSize={4.2} fontWeight={700} fill="#0f172a">Bali Refill</text>
      <g transform={`translate(${centre - QR_MM / 2} ${y + 11}) scale(${scale})`}>
        <path d={path} fill="#083344" shapeRendering="crispEdges" />
      </g>
      <text x={centre} y={y + 11 + QR_MM + 5} textAnchor="middle" fontFamily="sans-serif" fontSize={3.2} fill="#0f172a">{scan}</text>
      <text x={centre} y={y + 11 + QR_MM + 9.5} textAnchor="middle" fontFamily="sans-serif" fontSize={3} fontWeight={600} fill="#334155">{machine.name.slice(0, 34)}</text>
      <text x={centre} y={y + 11 + QR_MM + 13.5} textAnchor="middle" fontFamily="monospace" fontSize={3} fill="#334155">{machine.id}</text>
    </g>
  );
}
