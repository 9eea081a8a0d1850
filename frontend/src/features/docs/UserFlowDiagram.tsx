import type { Ref } from 'react';
import { docs } from '../../i18n/docs';
import { useMessages } from '../../i18n/messages';

const FONT = 'ui-sans-serif, system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif';
const X = 40;
const W = 330;
const H = 64;
const CX = X + W / 2;
const SIDE = 470;
const ROWS = [30, 130, 230, 315, 470, 570, 670, 770, 870];
const user = { fill: '#ecfeff', stroke: '#22d3ee', badge: '#0e7490' };
const system = { fill: '#fffbeb', stroke: '#fbbf24', badge: '#b45309' };
const exception = { fill: '#fff1f2', stroke: '#fda4af', badge: '#be123c' };

/** A refill from opening the app to settlement, with the top-up branch and the failure cases. */
export function UserFlowDiagram({ ref }: { ref?: Ref<SVGSVGElement> }) {
  const t = useMessages(docs).flow;
  const box = (lines: readonly string[], x: number, y: number, colors: typeof user, number?: number, dashed = false) => (
    <g transform={`translate(${x} ${y})`}>
      <rect width={W} height={H} rx="14" fill={colors.fill} stroke={colors.stroke} strokeWidth="1.5" strokeDasharray={dashed ? '6 5' : undefined} />
      {number !== undefined && (
        <>
          <circle cx="30" cy={H / 2} r="14" fill={colors.badge} />
          <text x="30" y={H / 2 + 4.5} textAnchor="middle" fontSize="13" fontWeight="700" fill="#ffffff">{number}</text>
        </>
      )}
      <text x={number !== undefined ? 56 : 20} y="27" fontSize="15" fontWeight="700" fill="#0f172a">{lines[0]}</text>
      <text x={number !== undefined ? 56 : 20} y="47" fontSize="12" fill="#475569">{lines[1]}</text>
    </g>
  );
  const arrow = (d: string, dashed = false, color = '#0e7490') => (
    <path d={d} fill="none" stroke={color} strokeWidth="2" strokeDasharray={dashed ? '6 5' : undefined} markerEnd={color === '#0e7490' ? 'url(#flow-arrow)' : 'url(#flow-arrow-red)'} />
  );
  const [s0, s1, s2, decision, s4, s5, s6, s7, s8] = t.steps;
  return (
    <svg ref={ref} viewBox="0 0 830 990" role="img" aria-labelledby="flow-title" className="h-auto w-full min-w-[40rem]" fontFamily={FONT}>
      <title id="flow-title">{t.figure}</title>
      <defs>
        <marker id="flow-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 10 5 0 10z" fill="#0e7490" />
        </marker>
        <marker id="flow-arrow-red" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0 0 10 5 0 10z" fill="#e11d48" />
        </marker>
      </defs>
      <rect width="830" height="990" rx="24" fill="#ffffff" />

      {arrow(`M${CX} ${ROWS[0]! + H} V${ROWS[1]}`)}
      {arrow(`M${CX} ${ROWS[1]! + H} V${ROWS[2]}`)}
      {arrow(`M${CX} ${ROWS[2]! + H} V${ROWS[3]}`)}
      {arrow(`M${CX} 425 V${ROWS[4]}`)}
      {arrow(`M${X + W} 370 H${SIDE}`)}
      {arrow(`M${SIDE + W / 2} 402 V502 H${X + W}`)}
      {[4, 5, 6, 7].map((i) => <g key={i}>{arrow(`M${CX} ${ROWS[i]! + H} V${ROWS[i + 1]}`)}</g>)}
      {arrow(`M${X + W} ${ROWS[2]! + H / 2} H${SIDE}`, true, '#e11d48')}
      {arrow(`M${X + W} ${ROWS[7]! + H / 2} H${SIDE}`, true, '#e11d48')}
      {arrow(`M${SIDE + W / 2} ${ROWS[7]! + H} V${ROWS[8]! + H / 2} H${X + W}`, true, '#e11d48')}

      {box(s0!, X, ROWS[0]!, user, 1)}
      {box(s1!, X, ROWS[1]!, user, 2)}
      {box(s2!, X, ROWS[2]!, user, 3)}
      <g>
        <path d={`M${CX} 315 L${X + W} 370 L${CX} 425 L${X} 370 Z`} fill="#ffffff" stroke="#0e7490" strokeWidth="2" />
        <text x={CX} y="375" textAnchor="middle" fontSize="14" fontWeight="700" fill="#0f172a">{decision![0]}</text>
      </g>
      <text x={CX + 12} y="452" fontSize="12.5" fontWeight="700" fill="#047857">{t.yes}</text>
      <text x={X + W + 24} y="360" fontSize="12.5" fontWeight="700" fill="#b91c1c">{t.no}</text>
      {box(t.topup, SIDE, 338, user)}
      {box(s4!, X, ROWS[4]!, user, 4)}
      {box(s5!, X, ROWS[5]!, system, 5)}
      {box(s6!, X, ROWS[6]!, system, 6)}
      {box(s7!, X, ROWS[7]!, system, 7)}
      {box(s8!, X, ROWS[8]!, system, 8)}
      {box(t.offline, SIDE, ROWS[2]!, exception, undefined, true)}
      {box(t.failed, SIDE, ROWS[7]!, exception, undefined, true)}

      <g transform="translate(40 966)" fontSize="12" fill="#475569">
        {[user, system, exception].map((colors, i) => (
          <g key={i} transform={`translate(${i * 230} 0)`}>
            <rect y="-11" width="14" height="14" rx="4" fill={colors.fill} stroke={colors.stroke} />
            <text x="20" y="0">{t.legend[i]}</text>
          </g>
        ))}
      </g>
    </svg>
  );
}
