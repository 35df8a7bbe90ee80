/** The wordmark, drawn inline so the header never waits on an image request. 150 px wide. */
export function Logo() {
  return (
    <svg className="logo" width="150" height="32" viewBox="0 0 150 32" role="img">
      <title>Footfall</title>
      <rect width="32" height="32" rx="8" fill="currentColor" className="logo-mark" />
      <path fill="#fff" d="M8 22h4v4H8zm6-6h4v10h-4zm6-8h4v18h-4z" />
      {/* textLength pins the wordmark to the logo's width whatever font the system substitutes. */}
      <text x="42" y="24" textLength="106" lengthAdjust="spacingAndGlyphs" className="logo-text">
        Footfall
      </text>
    </svg>
  );
}
