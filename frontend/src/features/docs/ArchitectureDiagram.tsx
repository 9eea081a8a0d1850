import type { Ref } from 'react';
import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';

type Kind = 'client' | 'aws' | 'external';
const palette: Record<Kind, { fill: string; stroke: string; accent: string }> = {
  client: { fill: '#ecfeff', stroke: '#67e8f9', accent: '#0e7490' },
  aws: { fill: '#fffbeb', stroke: '#fcd34d', accent: '#b45309' },
  external: { fill: '#f8fafc', stroke: '#cbd5e1', accent: '#334155' },
};
const W = 210;
const H = 84;
const FONT = 'ui-sans-serif, system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif';

/** The architecture of this system as an SVG: browser, CloudFront and S3, HTTP API and Lambda, DynamoDB, Cognito, IoT Core and stations, payment gateway. */
export function ArchitectureDiagram({ ref }: { ref?: Ref<SVGSVGElement> }) {
  const t = useMessages(docs).diagram;
  const n = t.nodes;
  const e = t.edges;
  const nodes: { x: number; y: number; lines: readonly string[]; kind: Kind }[] = [
    { x: 20, y: 278, lines: n.browser, kind: 'client' },
    { x: 310, y: 90, lines: n.cdn, kind: 'aws' },
    { x: 310, y: 300, lines: n.cognito, kind: 'aws' },
    { x: 310, y: 470, lines: n.schedule, kind: 'aws' },
    { x: 640, y: 20, lines: n.s3, kind: 'aws' },
    { x: 640, y: 160, lines: n.api, kind: 'aws' },
    { x: 640, y: 300, lines: n.lambda, kind: 'aws' },
    { x: 640, y: 470, lines: n.iot, kind: 'aws' },
    { x: 980, y: 160, lines: n.payments, kind: 'external' },
    { x: 980, y: 300, lines: n.dynamo, kind: 'aws' },
    { x: 980, y: 470, lines: n.stations, kind: 'client' },
  ];
  const edges: { d: string; label: string; lx: number; ly: number; dashed?: boolean; both?: boolean }[] = [
    { d: 'M230 300 C270 300 270 132 310 132', label: e.https, lx: 270, ly: 214 },
    { d: 'M230 340 L310 340', label: e.signIn, lx: 270, ly: 326 },
    { d: 'M520 110 C580 110 580 62 640 62', label: e.static, lx: 580, ly: 84 },
    { d: 'M520 150 C580 150 580 190 640 190', label: e.apiPath, lx: 580, ly: 172 },
    { d: 'M520 330 C580 330 580 226 640 226', label: e.jwt, lx: 580, ly: 280, dashed: true },
    { d: 'M745 244 L745 300', label: e.invoke, lx: 745, ly: 272 },
    { d: 'M850 202 L980 202', label: e.pay, lx: 915, ly: 186, both: true },
    { d: 'M850 342 L980 342', label: e.data, lx: 915, ly: 326, both: true },
    { d: 'M705 384 L705 470', label: e.publish, lx: 705, ly: 420 },
    { d: 'M785 470 L785 384', label: e.rules, lx: 785, ly: 446 },
    { d: 'M980 512 L850 512', label: e.mqtt, lx: 915, ly: 496, both: true },
    { d: 'M520 512 C580 512 580 364 640 364', label: e.sweep, lx: 580, ly: 452 },
  ];
  return (
    <svg ref={ref} viewBox="0 0 1210 612" role="img" aria-labelledby="architecture-title" className="h-auto w-full min-w-[56rem]" fontFamily={FONT}>
      <title id="architecture-title">{t.figure}</title>
      <defs>
        <marker id="arch-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 10 5 0 10z" fill="#0e7490" />
        </marker>
      </defs>
      <rect x="0" y="0" width="1210" height="612" rx="24" fill="#ffffff" />
      {edges.map((edge) => (
        <path key={edge.d} d={edge.d} fill="none" stroke="#0e7490" strokeWidth="2" strokeDasharray={edge.dashed ? '6 5' : undefined} markerEnd="url(#arch-arrow)" markerStart={edge.both ? 'url(#arch-arrow)' : undefined} />
      ))}
      {nodes.map((node) => {
        const p = palette[node.kind];
        return (
          <g key={node.lines[0]} transform={`translate(${node.x} ${node.y})`}>
            <rect width={W} height={H} rx="14" fill={p.fill} stroke={p.stroke} strokeWidth="1.5" />
            <rect x="0" y="14" width="5" height={H - 28} rx="2.5" fill={p.accent} />
            <text x="18" y="28" fontSize="15" fontWeight="700" fill="#0f172a">{node.lines[0]}</text>
            <text x="18" y="50" fontSize="12.5" fill="#334155">{node.lines[1]}</text>
            <text x="18" y="68" fontSize="11.5" fill="#64748b">{node.lines[2]}</text>
          </g>
        );
      })}
      {edges.map((edge) => (
        <g key={edge.label}>
          <rect x={edge.lx - edge.label.length * 3.2 - 7} y={edge.ly - 10} width={edge.label.length * 6.4 + 14} height="19" rx="9.5" fill="#ffffff" stroke="#cbd5e1" />
          <text x={edge.lx} y={edge.ly + 3.5} textAnchor="middle" fontSize="11" fontWeight="600" fill="#155e75">{edge.label}</text>
        </g>
      ))}
      <g transform="translate(20 590)" fontSize="11.5" fill="#475569">
        {(['client', 'aws', 'external'] as const).map((kind, i) => (
          <g key={kind} transform={`translate(${i * 230} 0)`}>
            <rect y="-10" width="14" height="14" rx="4" fill={palette[kind].fill} stroke={palette[kind].stroke} />
            <text x="20" y="1">{kind === 'client' ? `${n.browser[0]} / ${n.stations[0]}` : kind === 'aws' ? 'AWS' : n.payments[0]}</text>
          </g>
        ))}
      </g>
    </svg>
  );
}
