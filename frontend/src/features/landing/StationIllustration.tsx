/** A refill station filling a reusable bottle, drawn for the hero (inline, so it costs no request). */
export function StationIllustration({ label, className = '' }: { label: string; className?: string }) {
  return (
    <svg viewBox="0 0 400 420" role="img" aria-label={label} className={className}>
      <defs>
        <linearGradient id="hero-body" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#dff7fb" />
        </linearGradient>
        <linearGradient id="hero-water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#67e8f9" />
          <stop offset="1" stopColor="#0891b2" />
        </linearGradient>
      </defs>
      <circle cx="200" cy="210" r="180" fill="#22d3ee" opacity="0.12" />
      <circle cx="200" cy="210" r="132" fill="#22d3ee" opacity="0.12" />
      {/* station body */}
      <rect x="118" y="48" width="164" height="330" rx="28" fill="url(#hero-body)" />
      <rect x="118" y="48" width="164" height="330" rx="28" fill="none" stroke="#a5f3fc" strokeWidth="2" />
      {/* screen */}
      <rect x="140" y="74" width="120" height="78" rx="12" fill="#083344" />
      <circle cx="162" cy="96" r="6" fill="#10b981" />
      <rect x="176" y="91" width="60" height="10" rx="5" fill="#67e8f9" opacity="0.9" />
      <rect x="152" y="114" width="96" height="8" rx="4" fill="#155e75" />
      <rect x="152" y="114" width="70" height="8" rx="4" fill="#22d3ee" />
      <rect x="152" y="130" width="54" height="8" rx="4" fill="#155e75" />
      {/* NFC pad */}
      <rect x="170" y="168" width="60" height="40" rx="10" fill="#ecfeff" stroke="#67e8f9" strokeWidth="2" />
      <path d="M190 180a12 12 0 0 1 0 16M198 176a18 18 0 0 1 0 24M206 172a24 24 0 0 1 0 32" stroke="#0891b2" strokeWidth="3" fill="none" strokeLinecap="round" />
      {/* nozzle and niche */}
      <rect x="146" y="226" width="108" height="126" rx="16" fill="#cffafe" />
      <rect x="188" y="226" width="24" height="22" rx="6" fill="#0e7490" />
      <path d="M200 250v34" stroke="url(#hero-water)" strokeWidth="8" strokeLinecap="round" />
      {/* bottle */}
      <rect x="178" y="286" width="44" height="62" rx="12" fill="#ffffff" stroke="#0891b2" strokeWidth="3" />
      <rect x="181" y="306" width="38" height="39" rx="9" fill="url(#hero-water)" />
      <rect x="188" y="276" width="24" height="12" rx="4" fill="#0e7490" />
      {/* drops */}
      <path d="M318 120s14 15 14 25a14 14 0 0 1-28 0c0-10 14-25 14-25Z" fill="#a5f3fc" />
      <path d="M78 220s10 11 10 18a10 10 0 0 1-20 0c0-7 10-18 10-18Z" fill="#67e8f9" />
      <path d="M330 300s8 9 8 14a8 8 0 0 1-16 0c0-5 8-14 8-14Z" fill="#cffafe" />
      {/* leaf */}
      <path d="M60 330c0-40 30-62 76-62-4 44-30 66-76 62Z" fill="#34d399" opacity="0.9" />
      <path d="M62 328c18-20 36-34 62-46" stroke="#047857" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}
